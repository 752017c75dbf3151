import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { systemState } from '../schema';

const INSTALL_ID_KEY = 'install_id';
const DISCORD_AUTH_KEY = 'discord_auth';

export type DiscordAuthState = { status: 'ok' } | { status: 'unauthorized'; since: string };

/** Small facts about this database that every process must agree on. */
export function createSystemStateRepository(db: Database) {
  async function read(key: string): Promise<string | null> {
    const [row] = await db
      .select({ value: systemState.value })
      .from(systemState)
      .where(eq(systemState.key, key));
    return row?.value ?? null;
  }

  async function write(key: string, value: string): Promise<void> {
    await db
      .insert(systemState)
      .values({ key, value })
      .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: sql`now()` } });
  }

  return {
    /**
     * This install's random id, made on first use. Concurrent first calls agree: the insert
     * that loses the race does nothing and both read the winner's row.
     */
    async installId(): Promise<string> {
      const candidate = randomBytes(8).readBigUInt64BE().toString(36).padStart(13, '0').slice(-8);
      await db
        .insert(systemState)
        .values({ key: INSTALL_ID_KEY, value: candidate })
        .onConflictDoNothing();
      const id = await read(INSTALL_ID_KEY);
      if (!id) throw new Error('install id was not stored');
      return id;
    },

    /**
     * Records that a one-off task (`key`) is done; true for the one caller that recorded it,
     * false when it was done before (by any process).
     */
    async claimOnce(key: string): Promise<boolean> {
      const rows = await db
        .insert(systemState)
        .values({ key, value: new Date().toISOString() })
        .onConflictDoNothing()
        .returning({ key: systemState.key });
      return rows.length > 0;
    },

    /** Whether Discord accepts the bot token, as the outbox worker last found (any process). */
    async discordAuth(): Promise<DiscordAuthState> {
      const value = await read(DISCORD_AUTH_KEY);
      return value ? (JSON.parse(value) as DiscordAuthState) : { status: 'ok' };
    },

    async setDiscordAuth(state: DiscordAuthState): Promise<void> {
      await write(DISCORD_AUTH_KEY, JSON.stringify(state));
    },
  };
}

export type SystemStateRepository = ReturnType<typeof createSystemStateRepository>;
