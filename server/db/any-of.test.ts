import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { anyOf } from './any-of'
import type { DatabaseHandle } from './client'

// anyOf sends a list as one PostgreSQL array literal: every value must come back as written.
const things = pgTable('any_of_things', { id: uuid('id').primaryKey(), name: text('name') })

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
  await database.db.execute(sql`create table any_of_things (id uuid primary key, name text)`)
})
afterAll(() => database.close())

const NAMES = [
  'plain',
  'with space',
  'a,b',
  '{braces}',
  'say "amen"',
  'back\\slash',
  'NULL',
  '',
  'صلاة 🙏',
]

describe('anyOf', () => {
  it('matches the values given, as inArray does, whatever they hold', async () => {
    const rows = NAMES.map((name) => ({ id: randomUUID(), name }))
    await database.db.insert(things).values([...rows, { id: randomUUID(), name: 'other' }])

    const byName = await database.db
      .select()
      .from(things)
      .where(anyOf(things.name, NAMES, 'text'))
    expect(byName.map((row) => row.name).sort()).toEqual([...NAMES].sort())
    const some = rows.slice(0, 3).map((row) => row.id)
    const byId = await database.db
      .select()
      .from(things)
      .where(anyOf(things.id, new Set(some)))
    expect(byId.map((row) => row.id).sort()).toEqual([...some].sort())
  })

  it('matches nothing for no values', async () => {
    expect(await database.db.select().from(things).where(anyOf(things.id, []))).toEqual([])
  })
})
