import { z } from 'zod';
import {
  OrderIdSchema,
  OrderPriceSchema,
  PublishConsentSchema,
  QcReasonSchema,
  ReviewCommentSchema,
  ReviewRatingSchema,
  RobloxUsernameSchema,
  SnowflakeSchema,
  WorkFileUrlSchema,
} from './options';
import { TestimonialNameSchema } from './testimonial';

const attempt = z.number().int().positive();

/**
 * What the bot (or the dashboard) asks of an order. Raw option and modal values go in (a rating
 * may be "4"); `decide` parses them with these schemas and refuses bad input with the first
 * problem, so the bot never validates by hand.
 */
export const OrderCommandSchema = z.discriminatedUnion('type', [
  /** /createpayment, run in the ticket channel `ticketChannelId`. */
  z.object({
    type: z.literal('createPayment'),
    orderId: OrderIdSchema,
    price: OrderPriceSchema,
    robloxUsername: RobloxUsernameSchema,
    /** The `customer` option; left out, an update keeps the customer already recorded. */
    customerDiscordId: SnowflakeSchema.optional(),
    ticketChannelId: SnowflakeSchema,
  }),
  /**
   * The payment embed's 'Verify payment' button (and the automatic checks). A card payment
   * names the amount paid ("$15.00") for the timeline and the customer's receipt.
   */
  z.object({
    type: z.literal('verifyPayment'),
    orderId: OrderIdSchema,
    cardAmount: z.string().min(1).max(40).optional(),
  }),
  /** /qualitycontrol with its optional file. */
  z.object({
    type: z.literal('submitQc'),
    orderId: OrderIdSchema,
    fileUrl: WorkFileUrlSchema.optional(),
  }),
  /** The QC message's buttons and modal; `attempt` comes from their custom_id. */
  z.object({ type: z.literal('approveQc'), orderId: OrderIdSchema, attempt }),
  z.object({
    type: z.literal('requestChanges'),
    orderId: OrderIdSchema,
    attempt,
    reason: QcReasonSchema,
  }),
  /** The 'Deliver' button under the QC-passed notice. */
  z.object({ type: z.literal('deliver'), orderId: OrderIdSchema }),
  /**
   * The confirmation /orderlog offers for work never sent to QC: the bot delivers it to the
   * customer, and it is logged with the 80% share (decision 043).
   */
  z.object({ type: z.literal('deliverWithoutQc'), orderId: OrderIdSchema }),
  /** /orderlog. */
  z.object({ type: z.literal('logOrder'), orderId: OrderIdSchema }),
  /** The /review modal, submitted in channel `channelId`. */
  z.object({
    type: z.literal('review'),
    orderId: OrderIdSchema,
    channelId: SnowflakeSchema,
    rating: ReviewRatingSchema,
    comment: ReviewCommentSchema.default(''),
    publish: PublishConsentSchema.default(false),
    /** How a published review is signed on the site (`pickTestimonialName`); never an id. */
    authorName: TestimonialNameSchema.optional(),
  }),
  /** Dashboard: an executive hides a published review from the site, or shows it again. */
  z.object({ type: z.literal('setReviewHidden'), orderId: OrderIdSchema, hidden: z.boolean() }),
]);

export type OrderCommandInput = z.input<typeof OrderCommandSchema>;
export type OrderCommand = z.output<typeof OrderCommandSchema>;
export type OrderCommandType = OrderCommand['type'];
export type OrderCommandOf<K extends OrderCommandType> = Extract<OrderCommand, { type: K }>;
