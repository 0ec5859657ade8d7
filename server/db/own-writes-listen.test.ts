import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestDatabase, postgresUrlOf } from '../../tests/helpers/test-db'
import { createDatabase, type DatabaseHandle } from './client'

// ListenOptions.ownWritesFirst on PostgreSQL: the connection that sends a NOTIFY hears it
// before its statement is answered, even when that connection was checked out (or still
// opening) at the moment the channel was added, as happens at startup beside other work.

let test: DatabaseHandle
let database: DatabaseHandle

describe.skipIf(inject('testDatabase').driver !== 'postgres')('own writes heard first', () => {
  beforeAll(async () => {
    test = await createTestDatabase()
    // One connection: the write below runs on the very one that was busy when we listened.
    database = await createDatabase(
      { databaseUrl: await postgresUrlOf(test), dataDir: '' },
      { pool: { max: 1 } },
    )
  })
  afterAll(async () => {
    await database.close()
    await test.close()
  })

  it('tells a channel added while the connection was checked out, before the write answers', async () => {
    const heard: string[] = []
    const pool = (database.db as unknown as { $client: pg.Pool }).$client
    // The pool's only connection, opened and checked out: it cannot LISTEN now.
    const busy = await pool.connect()
    const stop = await database.listen('own_writes_test', (payload) => heard.push(payload), {
      ownWritesFirst: true,
    })
    busy.release()
    // The pool's connection listens now, before anything else it runs: so its own NOTIFY reaches
    // this process before its statement is answered, not after, from the listening connection.
    const listening = (await database.db.execute(
      sql`select pg_listening_channels() as channel`,
    )) as unknown as { rows: { channel: string }[] }
    expect(listening.rows).toContainEqual({ channel: 'own_writes_test' })
    await database.db.execute(sql`select pg_notify('own_writes_test', 'mine')`)
    expect(heard).toContain('mine')
    await stop()
  })

  it('tells every cache that listens on one channel of its own write, not only the last', async () => {
    const settings: string[] = []
    const icons: string[] = []
    const stops = [
      await database.listen('shared_test', (payload) => settings.push(payload), {
        ownWritesFirst: true,
      }),
      await database.listen('shared_test', (payload) => icons.push(payload), {
        ownWritesFirst: true,
      }),
    ]
    await database.db.execute(sql`select pg_notify('shared_test', 'changed')`)
    // Both by the writer's own connection, before the answer.
    expect(settings).toContain('changed')
    expect(icons).toContain('changed')
    for (const stop of stops) await stop()
  })
})
