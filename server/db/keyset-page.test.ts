import { asc, desc, sql } from 'drizzle-orm'
import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeCursor } from '@contract/pagination'
import { createTestDatabase } from '../../tests/helpers/test-db'
import type { DatabaseHandle } from './client'
import { keysetPage } from './keyset-page'

// A throw-away table: three rows share one created_at, so only the id breaks their tie.
const items = pgTable('keyset_page_test', {
  id: uuid('id').primaryKey(),
  n: integer('n').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

let database: DatabaseHandle

const ids = Array.from({ length: 7 }, (_, n) => `00000000-0000-4000-8000-00000000000${n}`)
const times = ['2026-11-01T10:00:00.000001Z', '2026-11-01T10:00:00.000002Z']

beforeAll(async () => {
  database = await createTestDatabase()
  await database.db.execute(
    sql`create table keyset_page_test (id uuid primary key, n int not null, created_at timestamptz not null)`,
  )
  await database.db
    .insert(items)
    .values(
      ids.map((id, n) => ({ id, n, createdAt: new Date(Date.parse(times[n < 3 ? 0 : 1]!) + n) })),
    )
  // Three rows on one microsecond-exact instant, which a JS Date could not tell apart.
  await database.db.execute(
    sql`update keyset_page_test set created_at = '2026-11-01T10:00:00.000001Z' where n < 3`,
  )
})
afterAll(async () => {
  await database.db.execute(sql`drop table keyset_page_test`)
  await database.close()
})

/** Every page in turn, as a client follows nextCursor; the values of n in the order read. */
async function readAll(order: 'newest-first' | 'oldest-first', limit: number) {
  const seen: number[][] = []
  let cursor: string | null | undefined
  do {
    const keyset = keysetPage({
      cursor: cursor ? decodeCursor(cursor)! : undefined,
      limit,
      order,
    })
    const by = order === 'newest-first' ? desc : asc
    const rows = await database.db
      .select({
        n: items.n,
        id: items.id,
        at: sql<string>`to_char(${items.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(items)
      .where(keyset.after(items.createdAt, items.id))
      .orderBy(by(items.createdAt), by(items.id))
      .limit(keyset.take)
    expect(rows.length).toBeLessThanOrEqual(limit + 1)
    const page = keyset.page(rows, (row) => ({ createdAt: row.at, id: row.id }))
    expect(page.items.length).toBeLessThanOrEqual(limit)
    seen.push(page.items.map((row) => row.n))
    cursor = page.nextCursor
  } while (cursor)
  return seen
}

describe('keysetPage', () => {
  it('pages newest first through ties on created_at, each row once, the last page ending it', async () => {
    const pages = await readAll('newest-first', 3)
    expect(pages).toEqual([[6, 5, 4], [3, 2, 1], [0]])
  })

  it('pages oldest first the other way', async () => {
    const pages = await readAll('oldest-first', 2)
    expect(pages).toEqual([[0, 1], [2, 3], [4, 5], [6]])
  })

  it('gives no cursor when the rows fill the page exactly (no extra row)', () => {
    const keyset = keysetPage({ limit: 2 })
    expect(keyset.take).toBe(3)
    expect(keyset.after(items.createdAt, items.id)).toBeUndefined()
    const rows = [
      { id: ids[0]!, at: times[0]! },
      { id: ids[1]!, at: times[0]! },
    ]
    expect(keyset.page(rows, (row) => ({ createdAt: row.at, id: row.id }))).toEqual({
      items: rows,
      nextCursor: null,
    })
  })

  it('points the cursor at the last row of the page, not at the extra one', () => {
    const keyset = keysetPage({ limit: 1 })
    const rows = [
      { id: ids[0]!, at: new Date(times[0]!) },
      { id: ids[1]!, at: new Date(times[1]!) },
    ]
    const { items: page, nextCursor } = keyset.page(rows, (row) => ({
      createdAt: row.at,
      id: row.id,
    }))
    expect(page).toEqual([rows[0]])
    expect(decodeCursor(nextCursor!)).toEqual({ createdAt: '2026-11-01T10:00:00.000Z', id: ids[0] })
  })
})
