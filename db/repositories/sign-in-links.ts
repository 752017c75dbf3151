import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { normalizeRoles, type StaffRole } from '../../core/auth/roles';
import {
  SIGN_IN_LINK_TTL_MS,
  type SignInLinkRequest,
  SignInLinkRequestSchema,
  signInLinkPath,
} from '../../core/auth/sign-in';
import type { Database } from '../client';
import { signInLinks } from '../schema';
import { hashSessionToken } from './sessions';

type SignInLink = {
  discordId: string;
  username: string | null;
  roles: StaffRole[] | null;
  next: string | null;
};

/** One-time sign-in links: 256-bit random tokens, stored as hashes, valid once for 10 minutes. */
export function createSignInLinksRepository(db: Database) {
  return {
    /** A new link's token (shown once, never stored) and when it stops working. */
    async create(input: SignInLinkRequest): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(signInLinks)
        .values({
          tokenHash: hashSessionToken(token),
          discordId: input.discordId,
          username: input.username ?? null,
          roles: input.roles ? normalizeRoles(input.roles) : null,
          next: input.next ?? null,
          expiresAt: sql`now() + ${SIGN_IN_LINK_TTL_MS} * interval '1 millisecond'`,
        })
        .returning({ expiresAt: signInLinks.expiresAt });
      if (!row) throw new Error('sign-in link insert returned nothing');
      return { token, expiresAt: row.expiresAt };
    },

    /**
     * Marks the link used and returns it, or null when it is unknown, expired or used. One
     * UPDATE decides, so two clicks racing each other cannot both sign in.
     */
    async consume(token: string): Promise<SignInLink | null> {
      const [row] = await db
        .update(signInLinks)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(signInLinks.tokenHash, hashSessionToken(token)),
            isNull(signInLinks.usedAt),
            gt(signInLinks.expiresAt, sql`now()`),
          ),
        )
        .returning({
          discordId: signInLinks.discordId,
          username: signInLinks.username,
          roles: signInLinks.roles,
          next: signInLinks.next,
        });
      return row ?? null;
    },

    /** Drops used and expired links (kept a day for the record, then swept). */
    async deleteExpired(): Promise<void> {
      const dayAgo = sql`now() - interval '1 day'`;
      await db
        .delete(signInLinks)
        .where(or(lte(signInLinks.expiresAt, dayAgo), lte(signInLinks.usedAt, dayAgo)));
    },
  };
}

/**
 * A one-time sign-in link's path (`/auth/link/<token>`), valid 10 minutes, once. The bot's
 * /dashboard command and `npm run login-link` call this and put the site's URL in front.
 */
export async function createSignInLink(db: Database, input: SignInLinkRequest): Promise<string> {
  const { token } = await createSignInLinksRepository(db).create(
    SignInLinkRequestSchema.parse(input),
  );
  return signInLinkPath(token);
}
