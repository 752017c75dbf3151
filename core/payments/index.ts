// Automatic payments (docs/decisions/051-payments.md): the game pass per order and the
// schedule of Roblox checks. Messages live with the other order messages (core/orders).

export * from './game-pass';
export * from './schedule';
export * from './card';
