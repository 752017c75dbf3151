import { describe, expect, it } from 'vitest';
import { TicketIntakeSchema } from './intake';
import { listTicketServices, planSlug } from './services';
import { ticketName, ticketNumberOf } from './ticket-status';

const valid = {
  service: 'plan:premium-package',
  request: 'A logo and a banner for my department',
  budgetRobux: 1500,
  deadline: 'In two weeks',
  robloxUsername: 'Builder_1',
};
const problems = (input: Record<string, unknown>) => {
  const result = TicketIntakeSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('ticket intake', () => {
  it('reads the budget from the modal’s text and the form’s number alike', () => {
    for (const budget of [1500, '1500', '1,500', ' 1 500 R$ ', '1500 robux']) {
      expect(TicketIntakeSchema.parse({ ...valid, budgetRobux: budget }).budgetRobux).toBe(1500);
    }
  });

  it('refuses what the modal and the form must not send, in words', () => {
    expect(problems({ ...valid, budgetRobux: 'a lot' })).toEqual([
      'Budget must be a whole number of Robux from 1 to 1,000,000',
    ]);
    expect(problems({ ...valid, budgetRobux: 0 })).toHaveLength(1);
    expect(problems({ ...valid, request: 'logo' })).toEqual([
      'What you want: describe it in at least 10 characters',
    ]);
    expect(problems({ ...valid, request: 'x'.repeat(1001) })).toEqual([
      'What you want must be at most 1000 characters',
    ]);
    expect(problems({ ...valid, service: 'Premium' })).toEqual(['Pick a service or plan']);
    expect(problems({ ...valid, robloxUsername: 'a b' })).toHaveLength(1);
    expect(problems({ ...valid, deadline: '\u0000' })).toHaveLength(1);
  });
});

describe('ticket services and names', () => {
  it('lists services then plans with keys the intake accepts', () => {
    const list = listTicketServices(
      [{ id: 'banners', icon: 'image', title: 'Banners', description: 'd' }],
      [
        { title: 'Premium Package', price: 1, features: ['x'], popular: false },
        { title: 'Prémium Package', price: 1, features: ['x'], popular: false },
      ],
    );
    expect(list).toEqual([
      { key: 'service:banners', label: 'Banners' },
      { key: 'plan:premium-package', label: 'Premium Package' },
      { key: 'plan:premium-package-2', label: 'Prémium Package' },
    ]);
    for (const { key } of list) expect(problems({ ...valid, service: key })).toEqual([]);
    expect(planSlug('!!!')).toBe('plan');
  });

  it('names tickets ticket-NNNN and reads the number back', () => {
    expect(ticketName(42)).toBe('ticket-0042');
    expect(ticketName(12345)).toBe('ticket-12345');
    expect(ticketNumberOf('Ticket-0042')).toBe(42);
    expect(ticketNumberOf('ticket-0000')).toBeNull();
    expect(ticketNumberOf('order-42')).toBeNull();
  });
});
