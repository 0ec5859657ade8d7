import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { sessionOf } from '../db/session-of'
import { idempotencyKeysTable } from './idempotency.table'

// Every replayable write claims its Idempotency-Key before it runs and stores its answer after:
// two statements a write, built by drizzle's query builder each time (a sync batch's 100 writes
// built the same two statements 100 times; issue 45). Built once per database session instead:
// the process's, or a transaction's for the writes inside it (a sync batch), as the statement
// is bound to the session it was built on. Values go as placeholders.

const built = new WeakMap<object, ReturnType<typeof build>>()

function build(db: Database) {
  const placeholder = (name: string) => sql.placeholder(name)
  const claim = db
    .insert(idempotencyKeysTable)
    .values({
      id: placeholder('id'),
      key: placeholder('key'),
      userId: placeholder('userId'),
      method: placeholder('method'),
      path: placeholder('path'),
      requestHash: placeholder('requestHash'),
      status: placeholder('status'),
      responseBody: null,
      createdAt: placeholder('createdAt'),
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeysTable.id })
    .prepare('idempotency_claim')
  // The body as its JSON text, or SQL NULL: drizzle's jsonb encoder would store JSON null.
  const store = db
    .update(idempotencyKeysTable)
    .set({
      status: sql`${placeholder('status')}`,
      responseBody: sql`${placeholder('body')}::jsonb`,
    })
    .where(eq(idempotencyKeysTable.id, placeholder('id')))
    .prepare('idempotency_store')
  return { claim, store }
}

/** The two statements, built on `db`'s current session (a scoped database's transaction). */
export function idempotencyStatements(db: Database) {
  const session = sessionOf(db)
  let statements = built.get(session)
  if (!statements) built.set(session, (statements = build(db)))
  return statements
}
