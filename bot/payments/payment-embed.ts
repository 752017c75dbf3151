// The embed edit lives beside the verification the bot and the dashboard share.
export { paymentEmbedEdit } from '../../db/repositories/payment-verification';
