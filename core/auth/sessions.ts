import { z } from 'zod';
import type { Right } from './rights';

// What opened a session. 'blog_admin' is the spec's passcode 'Admin Login'.
export const SESSION_SCOPES = ['staff', 'blog_admin'] as const;

export const SessionScopeSchema = z.enum(SESSION_SCOPES);
export type SessionScope = z.infer<typeof SessionScopeSchema>;

type SessionPolicy = {
  /** Absolute lifetime from sign-in. */
  lifetimeMs: number;
  /** Ends the session after this long without a request; null: only the lifetime counts. */
  idleTimeoutMs: number | null;
};

const HOUR = 60 * 60_000;

export const SESSION_POLICIES: Record<SessionScope, SessionPolicy> = {
  staff: { lifetimeMs: 7 * 24 * HOUR, idleTimeoutMs: 12 * HOUR },
  // The passcode box opens a fixed 12-hour session, as it always has.
  blog_admin: { lifetimeMs: 12 * HOUR, idleTimeoutMs: null },
};

/** A session's last-seen time is written at most this often, not on every request. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** How stale a staff member's roles may get before sign-in code reads them from Discord again. */
export const ROLES_RECHECK_MS = 10 * 60_000;

/** Rights a session holds by its scope alone; staff sessions get theirs from their roles. */
export const SCOPE_RIGHTS: Record<SessionScope, readonly Right[]> = {
  staff: [],
  blog_admin: ['blog:edit'],
};
