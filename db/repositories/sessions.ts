import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { sessions, staffUsers } from '../schema';

export type SessionScope = (typeof sessions.scope.enumValues)[number];
export type StaffRole = (typeof staffUsers.role.enumValues)[number];

export type Session = {
  scope: SessionScope;
  staffUserId: number | null;
  /** The staff member's role for 'staff' sessions; null for passcode sessions. */
  staffRole: StaffRole | null;
  expiresAt: Date;
};

/** Only this hash is stored: a leaked database does not hand out live cookies. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSessionsRepository(db: Database) {
  return {
    /** Creates a session and returns the token for the cookie (never stored as such). */
    async create({
      scope,
      staffUserId = null,
      ttlMs,
    }: {
      scope: SessionScope;
      staffUserId?: number | null;
      ttlMs: number;
    }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(sessions)
        .values({
          tokenHash: hashSessionToken(token),
          scope,
          staffUserId,
          expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'`,
        })
        .returning({ expiresAt: sessions.expiresAt });
      if (!row) throw new Error('session insert returned nothing');
      return { token, expiresAt: row.expiresAt };
    },

    /** The live session for a cookie's token, or null (unknown or expired). */
    async find(token: string): Promise<Session | null> {
      const [row] = await db
        .select({
          scope: sessions.scope,
          staffUserId: sessions.staffUserId,
          staffRole: staffUsers.role,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .leftJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
        .where(
          and(eq(sessions.tokenHash, hashSessionToken(token)), gt(sessions.expiresAt, sql`now()`)),
        )
        .limit(1);
      return row ?? null;
    },

    async delete(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lte(sessions.expiresAt, sql`now()`));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
