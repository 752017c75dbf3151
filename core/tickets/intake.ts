import { z } from 'zod';
import { ORDER_PRICE_MAX, RobloxUsernameSchema } from '../orders/options';
import { groupThousands } from '../shared/numbers';
import { text } from '../shared/text';

/**
 * The intake: what a customer fills in to open a ticket, in the Discord modal and on the site's
 * form alike. Bounds fit a Discord modal (five text inputs, each at most 4000 characters).
 */
export const TICKET_REQUEST_MAX = 1000;
export const TICKET_DEADLINE_MAX = 100;
const TICKET_BUDGET_MAX = ORDER_PRICE_MAX;

const budgetMessage = `Budget must be a whole number of Robux from 1 to ${groupThousands(TICKET_BUDGET_MAX)}`;

/**
 * Budget in Robux. The modal sends text ("1,500", "1500 R$"), the site form a number: both are
 * read as one whole number; anything else is refused with the same words.
 */
const TicketBudgetSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const digits = value
      .trim()
      .replace(/(?:r\$|robux)$/i, '')
      .trim()
      .replace(/[,\s_]/g, '');
    return /^\d{1,9}$/.test(digits) ? Number(digits) : value;
  },
  z
    .number({ error: budgetMessage })
    .int({ error: budgetMessage })
    .min(1, { error: budgetMessage })
    .max(TICKET_BUDGET_MAX, { error: budgetMessage }),
);

/** `service:<id>` for a service card, `plan:<slug>` for a pricing plan (see `listTicketServices`). */
export const TicketServiceKeySchema = z
  .string({ error: 'Pick a service or plan' })
  .regex(/^(?:service|plan):[a-z0-9-]{1,40}$/, { error: 'Pick a service or plan' });

export const TicketIntakeSchema = z.object({
  service: TicketServiceKeySchema,
  request: text('What you want', {
    max: TICKET_REQUEST_MAX,
    min: 10,
    minMessage: 'What you want: describe it in at least 10 characters',
  }),
  budgetRobux: TicketBudgetSchema,
  deadline: text('Deadline', { max: TICKET_DEADLINE_MAX, min: 1 }),
  robloxUsername: RobloxUsernameSchema,
});
export type TicketIntake = z.output<typeof TicketIntakeSchema>;

export const TICKET_CLOSE_REASON_MAX = 500;
/** Why staff force-closed a ticket (the /ticket close option, the button's modal, the dashboard). */
export const TicketCloseReasonSchema = text('Reason', { max: TICKET_CLOSE_REASON_MAX, min: 1 });
