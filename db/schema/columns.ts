import { customType, timestamp } from 'drizzle-orm/pg-core';

// Postgres bytea as a Uint8Array on both drivers (PGlite and postgres.js return Uint8Array/Buffer).
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Postgres tsvector (full-text search words); only ever written by Postgres (generated). */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});
