import type { PricingPlan, ServiceCard } from '../site/types';

/** One choice of the panel's select and the site's order buttons. */
export type TicketService = { key: string; label: string };

/** A plan's title as a key part: `Premium Package` → `premium-package`. */
export function planSlug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'plan'
  );
}

/**
 * The services and plans a ticket can be for, read from site content so the panel's select and
 * the pricing section never disagree: services first (`service:<id>`), then plans
 * (`plan:<slug>`). At most 12 services and 6 plans (the content schema), within a select's 25.
 */
export function listTicketServices(services: ServiceCard[], plans: PricingPlan[]): TicketService[] {
  const seen = new Set<string>();
  const list: TicketService[] = [];
  for (const service of services) {
    list.push({ key: `service:${service.id}`, label: service.title });
  }
  for (const plan of plans) {
    let key = `plan:${planSlug(plan.title)}`;
    // Two plans with one slug (titles differing in accents only) still get keys of their own.
    for (let n = 2; seen.has(key); n += 1) key = `plan:${planSlug(plan.title).slice(0, 36)}-${n}`;
    seen.add(key);
    list.push({ key, label: plan.title });
  }
  return list;
}

export function findTicketService(list: TicketService[], key: string): TicketService | null {
  return list.find((service) => service.key === key) ?? null;
}
