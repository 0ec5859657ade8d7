import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepingPlans, keptPlans } from './pglite-kept-plans'

// The statements PGlite is sent again run as EXECUTE of a kept plan, with their values written
// as literals: the answers must be the very ones the statement gives when sent as it is.

let pg: PGlite
// A fresh instance of its own (the test reads pg_prepared_statements, so no lent one): it runs
// initdb, 2-4 s on a quiet machine and past the 30 s hook limit at load 8 on two cores (CI).
beforeAll(async () => {
  pg = await PGlite.create()
  await pg.exec(`create table notes (
    id int primary key, body text, tags jsonb, due timestamptz, done boolean, score numeric)`)
}, 120_000)
afterAll(() => pg.close())

async function preparedNames() {
  const { rows } = await pg.query<{ name: string }>('select name from pg_prepared_statements')
  return rows.map((row) => row.name)
}

describe('kept plans on PGlite', () => {
  it('runs a repeated statement from a kept plan, with the same answers', async () => {
    const query = keepingPlans(pg, keptPlans())
    const insert = 'insert into notes values ($1, $2, $3, $4, $5, $6) returning *'
    const awkward = [
      "it's a quote",
      'back\\slash and \\x41 and $1 and ?',
      'line\nbreak',
      '',
      '🙏 emoji',
    ]
    const due = new Date('2026-11-27T05:06:07.089Z')
    const inserted: Record<string, unknown>[] = []
    for (const [index, body] of awkward.entries())
      inserted.push(
        (await query(insert, [index, body, JSON.stringify({ n: index, q: "o'k" }), due, true, 1.5]))
          .rows[0] as Record<string, unknown>,
      )
    expect(inserted.map((row) => row.body)).toEqual(awkward)
    // The first was sent as it is, the later ones from the kept plan: the same values back.
    expect(inserted[4]).toEqual({
      ...inserted[0],
      id: 4,
      body: '🙏 emoji',
      tags: { n: 4, q: "o'k" },
    })
    expect((inserted[4]!.due as Date).toISOString()).toBe(due.toISOString())
    expect(await preparedNames()).toHaveLength(1)

    const select = 'select body from notes where id = $1 and done = $2 and due <= $3'
    for (let run = 0; run < 3; run += 1) {
      const { rows } = await query(select, [0, true, due])
      expect(rows).toEqual([{ body: "it's a quote" }])
    }
    const nulls = await query('select $1::text is null as missing', [null])
    expect(nulls.rows).toEqual([{ missing: true }])
    expect((await query('select $1::text is null as missing', [null])).rows).toEqual([
      { missing: true },
    ])
    expect(await preparedNames()).toHaveLength(3)
  })

  it('reports the rows an update changed, as the statement sent as it is would', async () => {
    const query = keepingPlans(pg, keptPlans())
    const update = 'update notes set done = $1 where id < $2'
    const first = await query(update, [false, 2])
    const again = await query(update, [true, 3])
    expect(first.affectedRows).toBe(2)
    expect(again.affectedRows).toBe(3)
  })

  it('keeps a plan prepared in a transaction that was rolled back', async () => {
    const plans = keptPlans()
    const statement = 'select count(*)::int as n from notes where id >= $1'
    await keepingPlans(pg, plans)(statement, [0])
    await pg
      .transaction(async (tx) => {
        const { rows } = await keepingPlans(tx, plans)(statement, [1])
        expect(rows).toEqual([{ n: 4 }])
        await tx.rollback()
      })
      .catch(() => {})
    const { rows } = await keepingPlans(pg, plans)(statement, [2])
    expect(rows).toEqual([{ n: 3 }])
  })

  it('runs savepoints as one message, and they still undo what they should', async () => {
    const plans = keptPlans()
    await pg.transaction(async (tx) => {
      const query = keepingPlans(tx, plans)
      await query('savepoint sp1')
      await query('insert into notes (id, body) values ($1, $2)', [90, 'undone'])
      await query('rollback to savepoint sp1')
      await query('insert into notes (id, body) values ($1, $2)', [91, 'kept'])
      await query('release savepoint sp1')
    })
    const { rows } = await pg.query('select id from notes where id >= 90 order by id')
    expect(rows).toEqual([{ id: 91 }])
  })

  it('runs a release and a new savepoint sent together as one message', async () => {
    const plans = keptPlans()
    await pg.transaction(async (tx) => {
      const query = keepingPlans(tx, plans)
      await query('savepoint entry')
      await query('insert into notes (id, body) values ($1, $2)', [95, 'kept'])
      await query('release savepoint entry; savepoint entry')
      await query('insert into notes (id, body) values ($1, $2)', [96, 'undone'])
      await query('rollback to savepoint entry')
    })
    const { rows } = await pg.query('select id from notes where id >= 95 order by id')
    expect(rows).toEqual([{ id: 95 }])
  })

  it('sends as they are what it cannot write as literals or prepare', async () => {
    const before = (await preparedNames()).length
    const query = keepingPlans(pg, keptPlans())
    for (let run = 0; run < 2; run += 1) {
      const arrays = await query('select id from notes where id = any($1) order by id', [[1, 2]])
      expect(arrays.rows).toEqual([{ id: 1 }, { id: 2 }])
      const bytes = await query('select length($1::bytea) as n', [new Uint8Array([1, 2, 3])])
      expect(bytes.rows).toEqual([{ n: 3 }])
      const nul = await query('select $1::text as t', ['a\0b']).catch((error: Error) => error)
      expect(nul).toBeInstanceOf(Error)
      await query('savepoint nothing_to_keep').catch(() => {})
    }
    expect(await preparedNames()).toHaveLength(before)
  })
})
