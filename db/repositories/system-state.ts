import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { BackupsConfirmation, BotStatus } from '../../core/setup/go-live';
import type { Database } from '../client';
import { systemState } from '../schema';

const INSTALL_ID_KEY = 'install_id';
const DISCORD_AUTH_KEY = 'discord_auth';
const BOT_STATUS_KEY = 'discord_bot';
const BACKUPS_KEY = 'go_live_backups';

export type DiscordAuthState = { status: 'ok' } | { status: 'unauthorized'; since: string };

/** Small facts about this database that every process must agree on. */
const TICKET_PANEL_KEY = 'ticket_panel';

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

  /** An executive's confirmation that backups run; null until one gave it. */
  async function backupsConfirmation(): Promise<BackupsConfirmation | null> {
    const value = await read(BACKUPS_KEY);
    return value ? (JSON.parse(value) as BackupsConfirmation) : null;
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

    /** What the bot found when it last connected (the go-live checklist reads it). */
    async botStatus(): Promise<BotStatus | null> {
      const value = await read(BOT_STATUS_KEY);
      return value ? (JSON.parse(value) as BotStatus) : null;
    },

    async setBotStatus(status: BotStatus): Promise<void> {
      await write(BOT_STATUS_KEY, JSON.stringify(status));
    },

    backupsConfirmation,

    /** Where `/ticketpanel` last posted the panel (posting again replaces it). */
    async ticketPanel(): Promise<{ channelId: string; messageId: string } | null> {
      const value = await read(TICKET_PANEL_KEY);
      return value ? (JSON.parse(value) as { channelId: string; messageId: string }) : null;
    },

    async setTicketPanel(panel: { channelId: string; messageId: string }): Promise<void> {
      await write(TICKET_PANEL_KEY, JSON.stringify(panel));
    },

    /** Records the first confirmation (two at once: the first stays); answers the one kept. */
    async confirmBackups(by: string): Promise<BackupsConfirmation> {
      const confirmation: BackupsConfirmation = { by, at: new Date().toISOString() };
      await db
        .insert(systemState)
        .values({ key: BACKUPS_KEY, value: JSON.stringify(confirmation) })
        .onConflictDoNothing();
      return (await backupsConfirmation()) ?? confirmation;
    },
  };
}
