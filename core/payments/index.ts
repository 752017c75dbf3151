// Automatic payments (docs/decisions/051-payments.md): the game pass per order and the
// schedule of Roblox checks. Messages live with the other order messages (core/orders).

export * from './card';
export * from './game-pass';
export * from './refund';
export * from './schedule';
