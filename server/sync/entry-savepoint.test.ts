import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/helpers/test-db'
import type { Database, DatabaseHandle } from '../db/client'
import { entrySavepoints } from './entry-savepoint'

// The savepoint a sync batch's entries run in, kept by hand (issue 45).

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
  await database.db.execute(sql`create table entry_savepoint_test (n int not null)`)
})
afterAll(async () => {
  await database.db.execute(sql`drop table entry_savepoint_test`)
  await database.close()
})

const write = (tx: Database, n: number) =>
  tx.execute(sql`insert into entry_savepoint_test (n) values (${n})`)

describe('entrySavepoints', () => {
  it('undoes only the entry that threw, whatever came before and after it', async () => {
    await database.db.transaction(async (tx) => {
      const savepoints = entrySavepoints(tx)
      await savepoints.run(() => write(tx, 1))
      await savepoints.run(() => write(tx, 2))
      await expect(
        savepoints.run(async () => {
          await write(tx, 3)
          throw new Error('undone')
        }),
      ).rejects.toThrow('undone')
      // A database error leaves the transaction usable once its entry is rolled back.
      await expect(
        savepoints.run(() => tx.execute(sql`insert into entry_savepoint_test (n) values (null)`)),
      ).rejects.toThrow()
      await savepoints.run(() => write(tx, 5))
      await expect(
        savepoints.run(async () => {
          await write(tx, 6)
          throw new Error('undone')
        }),
      ).rejects.toThrow('undone')
    })
    const { rows } = (await database.db.execute(
      sql`select n from entry_savepoint_test order by n`,
    )) as unknown as { rows: { n: number }[] }
    expect(rows.map(({ n }) => n)).toEqual([1, 2, 5])
  })
})
