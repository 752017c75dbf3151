import { inArray, sql } from 'drizzle-orm';
import { type Person, type PersonInput, PersonSchema, personName } from '../../core/people/person';
import type { Executor } from '../client';
import { people, staffUsers } from '../schema';

/**
 * An unchanged person seen again within this long is not written again: `last_seen_at` is
 * kept to the hour, so a busy member costs at most one write an hour, not one per click.
 */
export const LAST_SEEN_RESOLUTION_MS = 60 * 60_000;

/** People this process remembers writing; the oldest are forgotten past this many. */
const WRITTEN_KEPT = 10_000;

export type { PersonInput };

type StoredPerson = typeof people.$inferSelect;

/**
 * People the bot and the server have seen on Discord (db/schema/people.ts): `remember` what
 * an interaction, a member lookup or a sign-in says about someone, `nameOf` to show names.
 * Create one per process part (the dispatcher, a route plugin) and keep it: it remembers
 * what it wrote, so a person seen again unchanged within the hour costs no round trip.
 */
export function createPeopleRepository(
  db: Executor,
  { now = () => Date.now() }: { now?: () => number } = {},
) {
  const written = new Map<string, { key: string; at: number }>();
  const keyOf = (person: Person) =>
    JSON.stringify([
      person.username,
      person.globalName,
      person.nick === undefined ? '?' : person.nick,
      person.avatar,
    ]);

  /** One statement: new people are inserted, changed or long-unseen ones updated, others left. */
  async function upsert(rows: Person[], nickKnown: boolean, seenAt: Date): Promise<number> {
    if (rows.length === 0) return 0;
    const changed = sql`${people.username} is distinct from excluded.username
      or ${people.globalName} is distinct from excluded.global_name
      or ${people.avatar} is distinct from excluded.avatar
      or ${nickKnown ? sql`${people.nick} is distinct from excluded.nick or ` : sql``}${people.lastSeenAt} <= excluded.last_seen_at - ${LAST_SEEN_RESOLUTION_MS} * interval '1 millisecond'`;
    const stored = await db
      .insert(people)
      .values(
        rows.map((person) => ({
          discordId: person.discordId,
          username: person.username,
          globalName: person.globalName,
          avatar: person.avatar,
          ...(nickKnown && { nick: person.nick ?? null }),
          firstSeenAt: seenAt,
          lastSeenAt: seenAt,
        })),
      )
      .onConflictDoUpdate({
        target: people.discordId,
        set: {
          username: sql`excluded.username`,
          globalName: sql`excluded.global_name`,
          avatar: sql`excluded.avatar`,
          ...(nickKnown && { nick: sql`excluded.nick` }),
          lastSeenAt: sql`excluded.last_seen_at`,
        },
        setWhere: changed,
      })
      .returning({ discordId: people.discordId });
    return stored.length;
  }

  return {
    /**
     * Records people as Discord just described them. Anything that is not a Discord user (the
     * local owner, a malformed id) is passed over; a nickname left undefined keeps the stored
     * one. Answers how many rows were written (0 when nothing changed within the hour).
     */
    async remember(input: PersonInput | readonly PersonInput[]): Promise<number> {
      const at = now();
      const fresh = new Map<string, Person>();
      for (const raw of Array.isArray(input) ? input : [input]) {
        const parsed = PersonSchema.safeParse(raw);
        if (!parsed.success) continue;
        const person = parsed.data;
        const last = written.get(person.discordId);
        if (last && last.key === keyOf(person) && at - last.at < LAST_SEEN_RESOLUTION_MS) continue;
        fresh.set(person.discordId, person);
      }
      if (fresh.size === 0) return 0;
      const all = [...fresh.values()];
      const seenAt = new Date(at);
      const count =
        (await upsert(
          all.filter((person) => person.nick !== undefined),
          true,
          seenAt,
        )) +
        (await upsert(
          all.filter((person) => person.nick === undefined),
          false,
          seenAt,
        ));
      for (const person of all) {
        written.delete(person.discordId);
        written.set(person.discordId, { key: keyOf(person), at });
      }
      for (const id of written.keys()) {
        if (written.size <= WRITTEN_KEPT) break;
        written.delete(id);
      }
      return count;
    },

    /**
     * The names to show for these Discord ids: as the studio server shows them, else the name
     * a staff member signed in with; an id never seen is left out (show the id).
     */
    async nameOf(ids: Iterable<string | null | undefined>): Promise<Map<string, string>> {
      const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
      const names = new Map<string, string>();
      if (wanted.length === 0) return names;
      const rows = await db
        .select({
          discordId: people.discordId,
          username: people.username,
          globalName: people.globalName,
          nick: people.nick,
        })
        .from(people)
        .where(inArray(people.discordId, wanted));
      for (const row of rows) names.set(row.discordId, personName(row));
      const missing = wanted.filter((id) => !names.has(id));
      if (missing.length > 0) {
        const staff = await db
          .select({ discordId: staffUsers.discordId, username: staffUsers.username })
          .from(staffUsers)
          .where(inArray(staffUsers.discordId, missing));
        for (const row of staff) names.set(row.discordId, row.username);
      }
      return names;
    },

    /**
     * The Discord ids of people whose username, display name or nickname starts with `text`
     * (any case), or of staff who signed in with such a name: a list's search by name. At most
     * `limit`, so a one-letter search stays one cheap condition.
     */
    async idsNamedLike(text: string, limit = 50): Promise<string[]> {
      const prefix = `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db.execute(sql`
        (select ${people.discordId} as id from ${people}
          where lower(${people.username}) like ${prefix} or lower(${people.globalName}) like ${prefix}
            or lower(${people.nick}) like ${prefix} limit ${limit})
        union
        (select ${staffUsers.discordId} from ${staffUsers}
          where lower(${staffUsers.username}) like ${prefix} limit ${limit})`);
      const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
        id: string;
      }[];
      return list.map((row) => row.id).slice(0, limit);
    },

    /** Everything remembered about these people. */
    async find(ids: readonly string[]): Promise<StoredPerson[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(people)
        .where(inArray(people.discordId, [...ids]));
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
