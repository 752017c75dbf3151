import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';

/**
 * The Postgres extensions the migrations create, which PGlite must be given when it starts
 * (Postgres ships them as contrib). Every PGlite this codebase opens passes these.
 */
export const pgliteExtensions = { btree_gin };
