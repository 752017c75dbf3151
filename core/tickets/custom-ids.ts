import { TicketServiceKeySchema } from './intake';

/**
 * custom_ids of the ticket components, stateless so they keep working after a restart:
 * `ticket:order` (the panel's button), `ticket:service` (the service select, its value the
 * service key), `ticket:intake:<service key>` (the modal), and `ticket:<action>:<ticket id>`
 * for the buttons in a ticket. At most 14 + 48 characters, within Discord's 100.
 */
export const TICKET_CUSTOM_ID_PREFIX = 'ticket';
export const TICKET_ORDER_BUTTON = 'ticket:order';
export const TICKET_SERVICE_SELECT = 'ticket:service';
export const TICKET_INTAKE_MODAL = 'ticket:intake';

// `approve` and `deny` answer a customer's request to close (staff press them).
export const TICKET_BUTTON_ACTIONS = [
  'claim',
  'close',
  'confirm',
  'keep',
  'approve',
  'deny',
] as const;
export type TicketButtonAction = (typeof TICKET_BUTTON_ACTIONS)[number];

export const ticketButtonId = (action: TicketButtonAction, ticketId: number) =>
  `ticket:${action}:${ticketId}`;

export function parseTicketButtonId(
  customId: string,
): { action: TicketButtonAction; ticketId: number } | null {
  const [prefix, action, id, ...rest] = customId.split(':');
  if (prefix !== TICKET_CUSTOM_ID_PREFIX || rest.length > 0 || !id || !/^\d{1,9}$/.test(id)) {
    return null;
  }
  if (!(TICKET_BUTTON_ACTIONS as readonly string[]).includes(action ?? '')) return null;
  return { action: action as TicketButtonAction, ticketId: Number(id) };
}

export const intakeModalId = (serviceKey: string) => `${TICKET_INTAKE_MODAL}:${serviceKey}`;

/** The service key of an intake modal's custom_id, or null for a forged one. */
export function parseIntakeModalId(customId: string): string | null {
  if (!customId.startsWith(`${TICKET_INTAKE_MODAL}:`)) return null;
  const key = customId.slice(TICKET_INTAKE_MODAL.length + 1);
  return TicketServiceKeySchema.safeParse(key).success ? key : null;
}
