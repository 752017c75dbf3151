import { randomBytes } from 'node:crypto';
import { and, eq, gt, not, sql } from 'drizzle-orm';
import { CUSTOMER_SESSION_POLICY } from '../../core/auth/customer';
import { LAST_SEEN_RESOLUTION_MS } from '../../core/auth/sessions';
import type { Executor } from '../client';
import { customerAccounts, customerSessions } from '../schema';
import { createTokenCipher } from '../token-cipher';
import { hashSessionToken } from './sessions';

/** What Discord's token endpoint granted a customer. */
type CustomerGrant = {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds, as Discord says (`expires_in`). */
  expiresIn: number;
  scopes: readonly string[];
};

export type Customer = { discordId: string; username: string };

const isLive = and(
  gt(customerSessions.expiresAt, sql`now()`),
  sql`${customerSessions.lastSeenAt} + ${customerSessions.idleTimeoutSeconds} * interval '1 second' > now()`,
);

/**
 * Customers who signed in on the site (decision 047): their account with its sealed Discord
 * tokens, and their sessions. `secret` is the OAuth2 client secret the tokens are sealed under;
 * without it (customer sign-in off) sessions still work and no token is read or written.
 */
export function createCustomerAccountsRepository(
  db: Executor,
  { secret }: { secret: string | undefined },
) {
  const cipher = secret ? createTokenCipher(secret) : null;
  return {
    /** Records a sign-in: the account's name and its newest tokens (sealed). */
    async signedIn(customer: Customer, grant: CustomerGrant): Promise<void> {
      if (!cipher) throw new Error('customer tokens need the OAuth2 client secret');
      const tokens = {
        username: customer.username,
        accessTokenSealed: cipher.seal(grant.accessToken),
        refreshTokenSealed: grant.refreshToken ? cipher.seal(grant.refreshToken) : null,
        scopes: grant.scopes.join(' '),
        tokenExpiresAt: sql`now() + ${grant.expiresIn} * interval '1 second'`,
        lastSignInAt: sql`now()`,
      };
      await db
        .insert(customerAccounts)
        .values({ discordId: customer.discordId, ...tokens })
        .onConflictDoUpdate({ target: customerAccounts.discordId, set: tokens });
    },

    /**
     * The customer's access token for adding them to the studio's server (the worker's
     * PUT /guilds/{guild}/members/{user}); null when there is none, it expired, it lacks
     * `guilds.join`, or it was sealed under another client secret.
     */
    async accessTokenFor(discordId: string): Promise<string | null> {
      const [row] = await db
        .select({ sealed: customerAccounts.accessTokenSealed, scopes: customerAccounts.scopes })
        .from(customerAccounts)
        .where(
          and(
            eq(customerAccounts.discordId, discordId),
            gt(customerAccounts.tokenExpiresAt, sql`now()`),
          ),
        );
      if (!cipher || !row?.sealed || !row.scopes.split(' ').includes('guilds.join')) return null;
      return cipher.open(row.sealed);
    },

    /** Drops a customer's tokens (Discord refused them); their account and sessions stay. */
    async forgetTokens(discordId: string): Promise<void> {
      await db
        .update(customerAccounts)
        .set({ accessTokenSealed: null, refreshTokenSealed: null, tokenExpiresAt: null })
        .where(eq(customerAccounts.discordId, discordId));
    },

    /** A new session for a customer who has an account; returns the cookie's token. */
    async createSession(discordId: string): Promise<{ token: string }> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(customerSessions).values({
        tokenHash: hashSessionToken(token),
        discordId,
        expiresAt: sql`now() + ${CUSTOMER_SESSION_POLICY.lifetimeMs} * interval '1 millisecond'`,
        idleTimeoutSeconds: Math.round(CUSTOMER_SESSION_POLICY.idleTimeoutMs / 1000),
      });
      return { token };
    },

    /** The customer a live session's token belongs to, or null. Marks it seen once a minute. */
    async findSession(token: string): Promise<Customer | null> {
      const tokenHash = hashSessionToken(token);
      const [row] = await db
        .select({
          discordId: customerAccounts.discordId,
          username: customerAccounts.username,
          seenLongAgo: sql<boolean>`${customerSessions.lastSeenAt} < now() - ${LAST_SEEN_RESOLUTION_MS} * interval '1 millisecond'`,
        })
        .from(customerSessions)
        .innerJoin(customerAccounts, eq(customerAccounts.discordId, customerSessions.discordId))
        .where(and(eq(customerSessions.tokenHash, tokenHash), isLive));
      if (!row) return null;
      if (row.seenLongAgo) {
        await db
          .update(customerSessions)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(customerSessions.tokenHash, tokenHash));
      }
      return { discordId: row.discordId, username: row.username };
    },

    async deleteSession(token: string): Promise<void> {
      await db
        .delete(customerSessions)
        .where(eq(customerSessions.tokenHash, hashSessionToken(token)));
    },

    async deleteExpiredSessions(): Promise<void> {
      await db.delete(customerSessions).where(not(isLive ?? sql`true`));
    },
  };
}

export type CustomerAccountsRepository = ReturnType<typeof createCustomerAccountsRepository>;
