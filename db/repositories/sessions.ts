import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { LiveSession } from '../../core/auth/principal';
import {
  LAST_SEEN_RESOLUTION_MS,
  ROLES_RECHECK_MS,
  SESSION_POLICIES,
} from '../../core/auth/sessions';
import type { Database } from '../client';
import { sessions, staffUsers } from '../schema';

export type Session = LiveSession & {
  expiresAt: Date;
  /** A staff session whose member's roles were read from Discord too long ago. */
  rolesStale: boolean;
};

/** A passcode session belongs to nobody; a staff session to one staff member. */
type NewSession = { scope: 'blog_admin' } | { scope: 'staff'; staffUserId: number };

/** Only this hash is stored: a leaked database does not hand out live cookies. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Within its absolute lifetime and, when it has an idle timeout, used recently enough.
const isLive: SQL = and(
  gt(sessions.expiresAt, sql`now()`),
  or(
    isNull(sessions.idleTimeoutSeconds),
    sql`${sessions.lastSeenAt} + ${sessions.idleTimeoutSeconds} * interval '1 second' > now()`,
  ),
) as SQL;

export function createSessionsRepository(db: Database) {
  return {
    /** Creates a session by its scope's policy; returns the cookie's token (never stored as such). */
    async create(input: NewSession): Promise<{ token: string; expiresAt: Date }> {
      const policy = SESSION_POLICIES[input.scope];
      const token = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(sessions)
        .values({
          tokenHash: hashSessionToken(token),
          scope: input.scope,
          staffUserId: input.scope === 'staff' ? input.staffUserId : null,
          expiresAt: sql`now() + ${policy.lifetimeMs} * interval '1 millisecond'`,
          idleTimeoutSeconds:
            policy.idleTimeoutMs === null ? null : Math.round(policy.idleTimeoutMs / 1000),
        })
        .returning({ expiresAt: sessions.expiresAt });
      if (!row) throw new Error('session insert returned nothing');
      return { token, expiresAt: row.expiresAt };
    },

    /**
     * The live session for a cookie's token with its staff member, or null (unknown, expired
     * or idle too long). Marks it seen, at most once a minute so reads stay reads.
     */
    async find(token: string): Promise<Session | null> {
      const tokenHash = hashSessionToken(token);
      const [row] = await db
        .select({
          scope: sessions.scope,
          expiresAt: sessions.expiresAt,
          staff: {
            id: staffUsers.id,
            discordId: staffUsers.discordId,
            username: staffUsers.username,
            roles: staffUsers.roles,
          },
          seenLongAgo: sql<boolean>`${sessions.lastSeenAt} < now() - ${LAST_SEEN_RESOLUTION_MS} * interval '1 millisecond'`,
          // The database's clock, like every other time here (several instances, one clock).
          rolesStale: sql<boolean>`coalesce(${staffUsers.rolesCheckedAt} < now() - ${ROLES_RECHECK_MS} * interval '1 millisecond', false)`,
        })
        .from(sessions)
        .leftJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
        .where(and(eq(sessions.tokenHash, tokenHash), isLive))
        .limit(1);
      if (!row) return null;
      if (row.seenLongAgo) {
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      const { seenLongAgo: _, ...session } = row;
      return session;
    },

    async delete(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
    },

    /** Ends every session of a staff member (they are no longer staff). */
    async deleteForStaffUser(staffUserId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.staffUserId, staffUserId));
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(not(isLive));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
