import { TICKET_SUMMARY_CARDS } from '../staff/ticket-procedure';

/**
 * The 'Payment First' rule in the staff guides' own words (core/staff/ticket-procedure.ts), so
 * the bot and the guide never drift apart.
 */
export const PAYMENT_FIRST_TITLE = 'Payment First';

const card = TICKET_SUMMARY_CARDS.find((item) => item.title === PAYMENT_FIRST_TITLE);

/** "Never start work before the payment is verified. Create it with /tax and /createpayment…" */
export const PAYMENT_FIRST_GUIDE =
  card?.description ?? 'Never start work before the payment is verified.';

/** Its first sentence, which also reads right to a customer. */
export const PAYMENT_FIRST_RULE = `${PAYMENT_FIRST_GUIDE.split('. ')[0]?.replace(/\.$/, '')}.`;
