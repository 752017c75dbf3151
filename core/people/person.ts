import { z } from 'zod';
import { SnowflakeSchema } from '../orders/options';

// A person as Discord describes them (a user, or a member of the studio server), remembered so
// the dashboard can show names instead of ids. Lengths are Discord's (usernames 2–32, global
// names and nicknames 1–32) with room to spare: a longer one is cut, never refused, since what
// Discord sends is not the visitor's input to correct.

const name = (max: number) => z.string().trim().min(1).max(max);

export const PersonSchema = z.object({
  discordId: SnowflakeSchema,
  username: name(64),
  globalName: name(64).nullable(),
  /**
   * Their nickname in the studio server: null when they have none, undefined when not known
   * (seen outside the server, e.g. at an OAuth2 sign-in): then the stored one stays.
   */
  nick: name(64).nullable().optional(),
  /** Discord's avatar hash; null for the default avatar. */
  avatar: z
    .string()
    .regex(/^(a_)?[0-9a-f]{32}$/)
    .nullable(),
});
export type Person = z.output<typeof PersonSchema>;
export type PersonInput = z.input<typeof PersonSchema>;

/** How a person is named to staff: as the studio server shows them. */
export function personName(person: Pick<Person, 'username' | 'globalName' | 'nick'>): string {
  return person.nick ?? person.globalName ?? person.username;
}

/** A name Discord sent, cut to what the schema keeps (an empty one is none). */
export function fitName(value: string | null | undefined, max = 64): string | null {
  const trimmed = value?.trim();
  return trimmed ? Array.from(trimmed).slice(0, max).join('') : null;
}
