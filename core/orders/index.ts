// The public face of the orders domain: what the bot's order commands, the database layer and
// the dashboard import.

export * from './commands';
export * from './custom-ids';
export * from './delivery-messages';
export * from './discord-modal';
export * from './options';
export * from './order';
export * from './order-events';
export * from './order-log-message';
export * from './order-message';
export { checkBeforeModal, offersDeliveryWithoutQc } from './order-rules';
export * from './order-status';
export * from './payment-first';
export * from './payment-message';
export * from './payment-receipt';
export * from './qc-messages';
export * from './refusals';
export * from './review-messages';
export * from './share';
export * from './state-machine';
export * from './testimonial';
