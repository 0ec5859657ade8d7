import { eq, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/helpers/test-db'
import type { Database, DatabaseHandle } from '../db/client'
import { idempotencyStatements } from './idempotency-statements'
import { idempotencyKeysTable } from './idempotency.table'

// The claim and store statements, built once per session (issue 45).

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const claim = (db: Database, key: string) =>
  idempotencyStatements(db).claim.execute({
    id: uuidv7(),
    key,
    userId: null,
    method: 'POST',
    path: '/api/v1/test',
    requestHash: 'hash',
    status: 0,
    createdAt: new Date(),
  })
const stored = async (id: string) => {
  const [row] = await database.db
    .select({
      status: idempotencyKeysTable.status,
      body: idempotencyKeysTable.responseBody,
      isNull: sql<boolean>`${idempotencyKeysTable.responseBody} is null`,
    })
    .from(idempotencyKeysTable)
    .where(eq(idempotencyKeysTable.id, id))
  return row
}

describe('idempotencyStatements', () => {
  it('are built once for the database, and apart for a transaction, whose writes they join', async () => {
    expect(idempotencyStatements(database.db)).toBe(idempotencyStatements(database.db))
    await expect(
      database.db.transaction(async (tx) => {
        expect(idempotencyStatements(tx)).not.toBe(idempotencyStatements(database.db))
        expect(await claim(tx, 'in-transaction')).toHaveLength(1)
        // A second claim of the same key in the transaction sees the first.
        expect(await claim(tx, 'in-transaction')).toEqual([])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    // Rolled back with the transaction: the key can be claimed again.
    expect(await claim(database.db, 'in-transaction')).toHaveLength(1)
  })

  it('store an answer without a body as SQL NULL, and a body as JSON', async () => {
    const [empty] = await claim(database.db, 'empty')
    const [full] = await claim(database.db, 'full')
    const { store } = idempotencyStatements(database.db)
    await store.execute({ id: empty!.id, status: 204, body: null })
    await store.execute({ id: full!.id, status: 201, body: JSON.stringify({ id: 'x', n: [1] }) })
    expect(await stored(empty!.id)).toEqual({ status: 204, body: null, isNull: true })
    expect(await stored(full!.id)).toEqual({
      status: 201,
      body: { id: 'x', n: [1] },
      isNull: false,
    })
  })
})
