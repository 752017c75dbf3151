import { z } from 'zod';
import { groupThousands } from '../shared/numbers';
import { text } from '../shared/text';

/**
 * Option bounds of the order commands. The slash-command definitions (min/max values and
 * lengths), the modals and the state machine all read these, so Discord's client-side checks
 * and ours agree.
 */

/**
 * Largest order price in Robux. /tax covers the same range, so every price /createpayment accepts
 * can be taxed (1,000,000 → charge 1,428,572 R$, well inside Discord's integer option range).
 */
export const ORDER_PRICE_MAX = 1_000_000;
export const TAX_AMOUNT_MAX = ORDER_PRICE_MAX;

const ROBLOX_USERNAME_MIN = 3;
export const ROBLOX_USERNAME_MAX = 20;
export const ORDER_ID_MAX = 32;
const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Counted in characters (code points) as Discord's modal `max_length` counts them. */
export const REVIEW_COMMENT_MAX = 1000;
export const QC_REASON_MAX = 1000;
/** A link to the work (a Discord attachment URL is about 250 characters with its signature). */
const WORK_FILE_URL_MAX = 1000;

function robuxAmount(label: string, max: number) {
  const message = `${label} must be a whole number of Robux from 1 to ${groupThousands(max)}`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message });
}

/** /createpayment `price`: what the studio should receive; the payment embed adds Roblox's fee. */
export const OrderPriceSchema = robuxAmount('Price', ORDER_PRICE_MAX);
/** /tax `amount`. */
export const TaxAmountSchema = robuxAmount('Amount', TAX_AMOUNT_MAX);

/** Why `name` is not a valid Roblox username, or null when it is (Roblox's sign-up rules). */
function findRobloxUsernameProblem(name: string): string | null {
  if (name === '') return 'Roblox username is required';
  if (name.length < ROBLOX_USERNAME_MIN || name.length > ROBLOX_USERNAME_MAX) {
    return `Roblox usernames are ${ROBLOX_USERNAME_MIN} to ${ROBLOX_USERNAME_MAX} characters long`;
  }
  if (!/^[A-Za-z0-9_]+$/.test(name)) {
    return 'Roblox usernames may only contain letters A–Z, digits 0–9 and one underscore';
  }
  if (name.startsWith('_') || name.endsWith('_')) {
    return 'A Roblox username cannot start or end with an underscore';
  }
  if (name.indexOf('_') !== name.lastIndexOf('_')) {
    return 'A Roblox username may contain at most one underscore';
  }
  return null;
}

// Roblox profiles show names as "@name", so a pasted leading @ is dropped rather than refused.
export const RobloxUsernameSchema = z
  .string({ error: 'Roblox username is required' })
  .trim()
  .transform((name) => name.replace(/^@/, ''))
  .superRefine((name, ctx) => {
    const problem = findRobloxUsernameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The order id is the ticket's id, given by staff: 1–32 letters, digits and hyphens, starting
 * and ending with a letter or digit (`ticket-1234`, `1234`, `lun-42`). It is stored lowercase
 * so `Ticket-12` and `ticket-12` are one order; no colon, so it can sit inside a custom_id.
 */
export const ORDER_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
const ORDER_ID_MESSAGE =
  'Order IDs are 1–32 letters, digits and hyphens, such as ticket-1234 (use the ticket number)';

export const OrderIdSchema = z
  .string({ error: 'Order ID is required' })
  .trim()
  .toLowerCase()
  .regex(ORDER_ID_PATTERN, { error: ORDER_ID_MESSAGE });

/** A Discord user, channel or role id. */
export const SnowflakeSchema = z
  .string({ error: 'Discord id is required' })
  .regex(/^[0-9]{17,20}$/, { error: 'Not a Discord id' });

// Discord modals give \r\n; the one text rule folds it, refuses NUL and control characters,
// and counts code points as the modal's max_length does.
function modalText(label: string, min: number, max: number) {
  return text(label, { min, max });
}

/** The reason a lead gives when requesting changes; sent to the ticket channel. */
export const QcReasonSchema = modalText('Reason', 1, QC_REASON_MAX);
/** Optional: a rating alone is a review. */
export const ReviewCommentSchema = modalText('Comment', 0, REVIEW_COMMENT_MAX);

const RATING_MESSAGE = `Rating must be a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`;

/** A modal text input gives "4"; the dashboard and tests may give 4. */
export const ReviewRatingSchema = z
  .union([z.number(), z.string()], { error: RATING_MESSAGE })
  .transform((value) =>
    typeof value === 'number' ? value : /^\s*\d\s*$/.test(value) ? Number(value) : Number.NaN,
  )
  .pipe(
    z
      .number({ error: RATING_MESSAGE })
      .int({ error: RATING_MESSAGE })
      .min(REVIEW_RATING_MIN, { error: RATING_MESSAGE })
      .max(REVIEW_RATING_MAX, { error: RATING_MESSAGE }),
  );

const YES = new Set(['yes', 'y', 'true']);
const NO = new Set(['no', 'n', 'false', '']);

/** "May we show this review on our website?" A blank answer is no: publishing needs consent. */
export const PublishConsentSchema = z
  .union([z.boolean(), z.string()], { error: 'Answer yes or no' })
  .transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const answer = value.trim().toLowerCase();
    if (YES.has(answer)) return true;
    if (NO.has(answer)) return false;
    ctx.addIssue({ code: 'custom', message: 'Answer yes or no' });
    return z.NEVER;
  });

/** The work submitted with /qualitycontrol: an https link (the bot passes the attachment's URL). */
export const WorkFileUrlSchema = text('File link', { min: 1, max: WORK_FILE_URL_MAX }).pipe(
  z.url({ protocol: /^https$/, error: 'File link must be an https URL' }),
);

/** The first problem zod found, as the ephemeral answer to the invoker. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
