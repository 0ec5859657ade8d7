import type { Database } from './client'

// Statements the hot reads prepare under a name (the session lookup, the wall's feed): built
// once per database, so a request pays neither the query builder nor, after its first runs on a
// connection, the planner (ADR 0020). The names are PostgreSQL's prepared-statement names, one
// namespace per connection, so one map per database serves every caller.
const statements = new WeakMap<Database, Map<string, unknown>>()

/** The statement prepared under `name` on `db`; `prepare` runs the first time only. */
export function preparedOnce<Statement>(
  db: Database,
  name: string,
  prepare: () => Statement,
): Statement {
  let named = statements.get(db)
  if (!named) statements.set(db, (named = new Map()))
  if (!named.has(name)) named.set(name, prepare())
  return named.get(name) as Statement
}
