import type { PGlite, QueryOptions } from '@electric-sql/pglite'
import { isPlannable } from './plannable'

// PGlite parses and plans every statement it is sent: its driver has no named statements, so
// PostgreSQL's plan cache never serves it. In WASM that planning is most of a statement's cost:
// the wall's feed query took 1.7-2.3 ms to plan and run as sent, 0.45 ms as EXECUTE of a
// statement PREPAREd once (issue 22). So a statement seen again after it succeeded is PREPAREd
// under a name of its own, and from then on sent as EXECUTE with its values written as quoted
// literals, which PostgreSQL converts to the statement's parameter types as it would a bound
// parameter's text. PostgreSQL plans it anew for its first five runs and keeps one plan once
// that plan costs no more than planning each time (what node-postgres's named statements get).
// A prepared statement belongs to the session and outlives a rolled-back transaction.

type Query = PGlite['query']
/** PGlite, or one of its transactions. */
type Session = Pick<PGlite, 'query' | 'exec'>

/**
 * drizzle's savepoints: no values, nothing to plan, one message is enough (exec, below); also
 * several in one text (a sync batch's `release savepoint x; savepoint x`, issue 45).
 */
const SAVEPOINT =
  /^(savepoint|release savepoint|rollback to savepoint) [a-z0-9_]+(; ?(savepoint|release savepoint|rollback to savepoint) [a-z0-9_]+)*$/i
/** A statement with more values (a many-row insert) is rarely repeated as it is. */
const MAX_VALUES = 100
/** Enough for every statement the app repeats; rarer ones beyond it are sent as they are. */
const MAX_KEPT = 500

type Entry =
  | { state: 'seen' }
  | { state: 'preparing'; ready: Promise<string | null> }
  | { state: 'kept'; name: string }
  | { state: 'never' }

export interface KeptPlans {
  entries: Map<string, Entry>
  prefix: string
  count: number
}

let instances = 0

/** One per PGlite session: names are unique within it, even when a session is handed on. */
export function keptPlans(): KeptPlans {
  instances += 1
  return { entries: new Map(), prefix: `kept_${instances}_`, count: 0 }
}

// standard_conforming_strings is on (PostgreSQL's default since 9.1, and nothing here sets
// it): inside '…' only a quote is special, and doubling it is the whole escape.
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`

/** A value as an SQL literal; undefined when it must travel as a parameter (bytes, arrays). */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'string') return value.includes('\0') ? undefined : quote(value)
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return quote(String(value))
  if (value instanceof Date) return quote(value.toISOString())
  return undefined
}

function literals(params: readonly unknown[]): string[] | undefined {
  const written: string[] = []
  for (const value of params) {
    const text = literal(value)
    if (text === undefined) return undefined
    written.push(text)
  }
  return written
}

/**
 * `session.query`, keeping the plans of the statements it repeats (see above). An EXECUTE
 * carries no parameters, so it goes through `exec` (the simple protocol: one message and a
 * sync), not the six round trips into PGlite that `query` makes for parse, describe, bind,
 * describe, execute and sync.
 */
export function keepingPlans(session: Session, plans: KeptPlans): Query {
  const query = session.query.bind(session) as Query
  const exec = session.exec.bind(session)
  async function nameFor(text: string): Promise<string | null> {
    const entry = plans.entries.get(text)
    if (entry?.state === 'kept') return entry.name
    if (entry?.state === 'preparing') return entry.ready
    if (entry?.state !== 'seen' || plans.count >= MAX_KEPT) return null
    plans.count += 1
    const name = `${plans.prefix}${plans.count}`
    const ready = query(`prepare ${name} as ${text}`).then(
      () => {
        plans.entries.set(text, { state: 'kept', name })
        return name
      },
      () => {
        plans.entries.set(text, { state: 'never' })
        return null
      },
    )
    plans.entries.set(text, { state: 'preparing', ready })
    return ready
  }

  return (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (params.length === 0 && SAVEPOINT.test(text)) return (await exec(text, options))[0]!
    const values = params.length <= MAX_VALUES ? literals(params) : undefined
    if (values === undefined || !isPlannable(text)) return query(text, params, options)
    const name = await nameFor(text)
    if (name === null) {
      const result = await query(text, params, options)
      // Seen once it succeeded: what failed (a wrong statement) is never prepared.
      if (!plans.entries.has(text)) plans.entries.set(text, { state: 'seen' })
      return result
    }
    const args = values.length > 0 ? `(${values.join(', ')})` : ''
    const [result] = await exec(`execute ${name}${args}`, options)
    return result!
  }) as Query
}
