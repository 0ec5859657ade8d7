import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite'
import { keepingPlans, keptPlans } from './pglite-kept-plans'

// Drizzle hands PGlite its own type parsers with every statement (timestamps, dates, intervals
// and their arrays kept as text; drizzle makes the Date objects), and PGlite merges them by
// copying its whole parser table, ~320 entries with every array type, per statement: ~0.1 ms
// each, a fifth of a sync batch's time on PGlite (bench:sync, issue 19). The same parsers are
// set once on the instance instead, and a statement's own copy is dropped when the instance
// already parses each of its types that way; any other statement keeps its parsers.

const asText = (value: string) => value
/** The types drizzle-orm/pglite reads as text (its PglitePreparedQuery's `parsers`). */
export const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const

type Query = PGlite['query']

function withoutCoveredParsers(query: Query, instanceParsers: PGlite['parsers']): Query {
  return ((text: string, params?: unknown[], options?: QueryOptions) => {
    const own = options?.parsers
    if (!own) return query(text, params, options)
    const covered = Object.keys(own).every(
      (type) => instanceParsers[Number(type)] === asText && own[Number(type)]?.('t') === 't',
    )
    if (!covered) return query(text, params, options)
    const { parsers: _dropped, ...rest } = options
    return query(text, params, rest)
  }) as Query
}

/** `target[key]`, a method bound to `target`: PGlite's methods read its private fields. */
function member(target: object, key: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, key, target)
  return typeof value === 'function'
    ? (value as (...args: unknown[]) => unknown).bind(target)
    : value
}

/**
 * `target` with some members replaced; what is set on it later (a bench counting statements)
 * stays on it, over those.
 */
function withOwn<T extends object>(target: T, own: Map<PropertyKey, unknown>): T {
  return new Proxy(target, {
    get: (inner, key) => (own.has(key) ? own.get(key) : member(inner, key)),
    set(_inner, key, value) {
      own.set(key, value)
      return true
    },
  })
}

/**
 * The client drizzle is given: PGlite's own, with drizzle's text types set on the instance (a
 * query made outside drizzle reads them as text too; none here reads them) and each statement's
 * copy of them dropped, and the plans of repeated statements kept (pglite-kept-plans.ts),
 * inside transactions too.
 */
export function pgliteForDrizzle(client: PGlite): PGlite {
  for (const type of TEXT_TYPES) client.parsers[type] = asText
  const parsers = client.parsers
  const plans = keptPlans()
  const querying = (on: PGlite | Transaction) =>
    withoutCoveredParsers(keepingPlans(on, plans), parsers)
  const begin = client.transaction.bind(client)
  const transaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    begin((tx) => work(withOwn(tx, new Map([['query', querying(tx)]]))))
  return withOwn(
    client,
    new Map<PropertyKey, unknown>([
      ['query', querying(client)],
      ['transaction', transaction],
    ]),
  )
}
