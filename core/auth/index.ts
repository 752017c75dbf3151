// The auth vocabulary every part shares: roles, rights, session scopes, who a request is from.

export * from './customer';
export * from './discord-roles';
export * from './principal';
export * from './rights';
export * from './roles';
export * from './sessions';
export * from './sign-in';
