// What an applicant typed as their Discord account, read as Discord names accounts: a user id
// (Developer Mode's "Copy User ID"), a username (lowercase since 2023, so compared ignoring
// case), or a legacy `name#1234`. A leading @ is dropped; a display name cannot be looked up.

type DiscordHandle =
  | { kind: 'id'; id: string }
  | { kind: 'username'; username: string; discriminator?: string };

export function parseDiscordHandle(typed: string): DiscordHandle | null {
  const text = typed.trim().replace(/^@/, '');
  if (/^\d{17,20}$/.test(text)) return { kind: 'id', id: text };
  // `name#0` is how Discord shows a migrated account's tag: the same as no tag.
  const legacy = /^(.+)#(0|\d{4})$/.exec(text);
  const username = (legacy?.[1] ?? text).trim().toLowerCase();
  // Discord usernames: 2–32 characters, no spaces (legacy names may have them: allow inside).
  if (username.length < 2 || username.length > 32) return null;
  const tag = legacy?.[2];
  const discriminator = tag && tag !== '0' && tag !== '0000' ? tag : undefined;
  return { kind: 'username', username, ...(discriminator && { discriminator }) };
}

/** True when a member's user is the handle's account. */
export function matchesDiscordHandle(
  handle: Extract<DiscordHandle, { kind: 'username' }>,
  user: { username: string; discriminator?: string },
): boolean {
  if (user.username.toLowerCase() !== handle.username) return false;
  if (!handle.discriminator) return true;
  return user.discriminator === handle.discriminator;
}
