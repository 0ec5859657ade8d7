import type { PGlite, QueryOptions } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { describe, expect, it } from 'vitest'
import { pgliteForDrizzle, TEXT_TYPES } from './pglite-parsers'

// What drizzle sends PGlite through pgliteForDrizzle: its statements arrive without their own
// copy of the parsers (PGlite copied its whole table to merge them) and the instance parses
// those types as drizzle asked; a statement with parsers the instance lacks keeps them.

function fakePglite() {
  const seen: (QueryOptions | undefined)[] = []
  const answer = async (_text: string, _params?: unknown[], options?: QueryOptions) => {
    seen.push(options)
    return { rows: [], fields: [], affectedRows: 0 }
  }
  const exec = async () => [await answer('')]
  const client = {
    parsers: {} as PGlite['parsers'],
    query: answer,
    exec,
    transaction: async (
      work: (tx: { query: typeof answer; exec: typeof exec }) => Promise<unknown>,
    ) => work({ query: answer, exec }),
  }
  return { client: client as unknown as PGlite, seen }
}

describe('pgliteForDrizzle', () => {
  it("sets drizzle's text types on the instance and drops each statement's copy, in transactions too", async () => {
    const { client, seen } = fakePglite()
    const db = drizzle({ client: pgliteForDrizzle(client) })

    await db.execute(sql`select now()`)
    // Two statements: a repeated one would be sent as EXECUTE (pglite-kept-plans.ts).
    await db.transaction((tx) => tx.execute(sql`select now() as later`))

    for (const type of TEXT_TYPES)
      expect(client.parsers[type]?.('2026-11-26 10:00:00')).toBe('2026-11-26 10:00:00')
    expect(seen).toHaveLength(2)
    for (const options of seen) {
      expect(options).toMatchObject({ rowMode: 'object' })
      expect(options).not.toHaveProperty('parsers')
    }
  })

  it('leaves a statement its parsers when the instance does not parse each type that way', async () => {
    const { client, seen } = fakePglite()
    const wrapped = pgliteForDrizzle(client)
    const upper = (value: string) => value.toUpperCase()

    await wrapped.query('select 1', [], { parsers: { 25: upper } })
    await wrapped.query('select 2', [], { parsers: { 1184: upper } })

    expect(seen[0]?.parsers?.[25]).toBe(upper)
    expect(seen[1]?.parsers?.[1184]).toBe(upper)
  })

  it('keeps a query set on the client or on a transaction over its own (a bench counting them)', async () => {
    const { client } = fakePglite()
    const wrapped = pgliteForDrizzle(client)
    const counted: string[] = []
    const counting = (target: { query: PGlite['query'] }, tag: string) => {
      const query = target.query.bind(target)
      target.query = ((text: string, ...rest: []) => {
        counted.push(`${tag}${text}`)
        return query(text, ...rest)
      }) as PGlite['query']
    }
    counting(wrapped, '')
    const begin = wrapped.transaction.bind(wrapped)
    wrapped.transaction = ((work: (tx: { query: PGlite['query'] }) => Promise<unknown>) =>
      begin((tx) => {
        counting(tx, 'tx: ')
        return work(tx)
      })) as PGlite['transaction']
    const db = drizzle({ client: wrapped })

    await db.execute(sql`select 1`)
    await db.transaction((tx) => tx.execute(sql`select 2`))

    expect(counted).toEqual(['select 1', 'tx: select 2'])
  })
})
