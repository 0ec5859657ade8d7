import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

/**
 * The contrib extensions the migrations create (search, issue 43). PGlite loads an extension's
 * code only when the instance is created with it, so every PGlite (the app's, the test
 * template and each clone of its dump, the benches') is created with these.
 */
export const pgliteExtensions = { btree_gin, pg_trgm, unaccent }
