import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestDatabase, postgresUrlOf } from '../../tests/helpers/test-db'
import type { DatabaseHandle } from './client'
import { nameRepeatedStatements, statementNames } from './named-statements'

// On PostgreSQL a statement drizzle sends again goes under a name of its own, so the
// connection parses it once and PostgreSQL may keep its plan; the answers stay the same.

let database: DatabaseHandle
let client: pg.Client

describe.skipIf(inject('testDatabase').driver !== 'postgres')('named statements', () => {
  beforeAll(async () => {
    database = await createTestDatabase()
    client = new pg.Client({ connectionString: await postgresUrlOf(database) })
    await client.connect()
    nameRepeatedStatements(client, statementNames())
  })
  afterAll(async () => {
    await client.end()
    await database.close()
  })

  const prepared = async () =>
    (
      await client.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows

  it('sends a repeated statement under a name, with the same answers', async () => {
    const db = drizzle({ client })
    const answers = []
    for (const word of ["it's", 'amen', 'peace'])
      answers.push(await db.execute(sql`select ${word}::text as word, ${word.length}::int as n`))
    expect(answers.map(({ rows }) => rows[0])).toEqual([
      { word: "it's", n: 4 },
      { word: 'amen', n: 4 },
      { word: 'peace', n: 5 },
    ])
    const names = await prepared()
    expect(names).toHaveLength(1)
    expect(names[0]!.name).toMatch(/^s_[0-9a-f]{40}$/)
    expect(names[0]!.statement).toContain('as word')
  })

  it('leaves transaction control and one-off statements unnamed', async () => {
    const db = drizzle({ client })
    const before = (await prepared()).length
    for (let run = 0; run < 2; run += 1)
      await db.transaction(async (tx) => {
        await tx.execute(sql`select ${run}::int as once_${sql.raw(String(run))}`)
      })
    expect(await prepared()).toHaveLength(before)
  })
})
