// Why Discord would not add a site customer to the studio's server (Add Guild Member with their
// `guilds.join` token), and what they can do about it. The channel is made anyway (decision
// 046): once they join with the invite, their ticket is there.

export const JOIN_REFUSALS = ['too_many_servers', 'banned', 'access_revoked'] as const;
export type JoinRefusal = (typeof JOIN_REFUSALS)[number];

/** Discord's JSON error codes for a refused join; other failures are retried. */
const BY_CODE: ReadonlyMap<number, JoinRefusal> = new Map([
  [30001, 'too_many_servers'], // Maximum number of guilds reached (100)
  [40007, 'banned'], // The user is banned from this guild
  [50025, 'access_revoked'], // Invalid OAuth2 access token
]);

export const joinRefusalOf = (code: number | undefined): JoinRefusal | null =>
  (code !== undefined && BY_CODE.get(code)) || null;

/** What the customer reads on their ticket's page (and the API answers). */
export const JOIN_REFUSAL_ADVICE: Record<JoinRefusal, string> = {
  too_many_servers:
    'Discord could not add you to our server because your account is already in 100 servers, ' +
    "Discord's limit. Leave a server, then join ours with the invite: your ticket is waiting there.",
  banned:
    'Discord could not add you to our server because your account is banned from it. ' +
    'Contact us by e-mail about your order.',
  access_revoked:
    'Discord could not add you to our server because the access you gave us was withdrawn. ' +
    'Join our server with the invite: your ticket is waiting there.',
};
