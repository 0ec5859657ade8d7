import { createHash } from 'node:crypto'
import type pg from 'pg'
import { isPlannable } from './plannable'

// node-postgres sends a statement unnamed unless it is given a name, and PostgreSQL parses and
// plans an unnamed statement at every run. drizzle names only what is `.prepare(name)`d, so
// every other statement of a request, and each of a sync batch's 14 a write, was parsed and
// planned each time, one round trip after another (issue 19, issue 22). A statement that comes
// again is now sent under a name derived from its text: each connection parses it once, and
// PostgreSQL keeps its plan once a generic one looks as cheap as planning each time. Values
// stay bind parameters. Like pglite-kept-plans.ts for PGlite (ADR 0020).

/** Per process, so per connection at most: the statements the app repeats, and room to spare. */
const MAX_NAMED = 500

export interface StatementNames {
  seen: Set<string>
  named: Map<string, string>
}

export function statementNames(): StatementNames {
  return { seen: new Set(), named: new Map() }
}

/** The name to send `text` under, or undefined the first time it is seen (and when full). */
function nameFor(names: StatementNames, text: string): string | undefined {
  const known = names.named.get(text)
  if (known !== undefined) return known
  if (!names.seen.has(text)) {
    if (names.seen.size < MAX_NAMED * 4) names.seen.add(text)
    return undefined
  }
  if (names.named.size >= MAX_NAMED) return undefined
  // 40 hex digits: PostgreSQL allows 63 characters, and two texts never share a name.
  const name = `s_${createHash('sha1').update(text).digest('hex')}`
  names.named.set(text, name)
  return name
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown }

/** Has `client` send the statements drizzle repeats under their names (see above). */
export function nameRepeatedStatements(client: pg.ClientBase, names: StatementNames) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((config: unknown, ...rest: unknown[]) => {
    // drizzle sends a config object ({ text, rowMode, types }); a Submittable has its own way.
    if (typeof config === 'object' && config !== null) {
      const { text, name, submit } = config as QueryConfig
      if (typeof text === 'string' && !name && typeof submit !== 'function' && isPlannable(text)) {
        const named = nameFor(names, text)
        if (named) return query({ ...config, name: named }, ...rest)
      }
    }
    return query(config, ...rest)
  }) as typeof client.query
}
