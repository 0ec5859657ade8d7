import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { IntentionFeedQuerySchema } from '@contract/intentions'
import type { Viewer } from '../auth/viewer'
import { createTestDatabase, postgresUrlOf } from '../../tests/helpers/test-db'
import { createUser } from '../../tests/helpers/users'
import type { DatabaseHandle } from '../db/client'
import { listIntentions } from './intention-feed'
import { intentionTestimonies } from '../testimonies/intention-testimonies'

// Issue 22: PostgreSQL plans a prepared statement at each run until it finds a plan for any
// values as cheap as the ones it made. With the page size or the default status as parameters
// the feed never got there and planned its query at every request, which cost more than
// running it. This checks the feed's own statement reaches the kept (generic) plan, on one
// connection whose prepared statements the test can read.

let database: DatabaseHandle
let client: pg.Client | null = null

// PGlite's driver prepares no named statements: it plans every query, whatever its text.
describe.skipIf(inject('testDatabase').driver !== 'postgres')('the feed on PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await client?.end()
    await database.close()
  })

  it('keeps one plan for its statement after the first runs on a connection', async () => {
    const author = await createUser(database.db)
    // Enough prayers, mostly active, for the planner to weigh the status filter as it would.
    await database.db.execute(sql`
    insert into intentions (id, author_id, title, details, identity_mode, destination, status, created_at)
    select gen_random_uuid(), ${author.id}, 'Prayer ' || n, 'Details', 'display_name', 'public_wall',
      case when n % 10 = 0 then 'answered' else 'active' end,
      now() - n * interval '1 minute'
    from generate_series(1, 3000) as n`)
    await database.db.execute(sql`analyze intentions`)
    client = new pg.Client({ connectionString: await postgresUrlOf(database) })
    await client.connect()
    const db = drizzle({ client, casing: 'snake_case' })
    const viewer: Viewer = {
      userId: author.id,
      sessionId: 'test',
      displayName: 'Author',
      roles: ['member'],
      rolesAwaitingSecondFactor: [],
      secondFactor: false,
      emailVerified: true,
      hasProfile: true,
      suspendedUntil: null,
      pending: false,
    }
    // The default feed (active prayers) and the wall's own first page (every status).
    const queries = [{}, { include_all_statuses: 'true' }].map((raw) =>
      IntentionFeedQuerySchema.parse(raw),
    )
    for (const query of queries)
      for (let run = 0; run < 8; run += 1) {
        const page = await listIntentions({
          db,
          viewer,
          now: new Date(),
          query,
          testimonies: intentionTestimonies,
          showPrayerCounts: true,
        })
        expect(page.items).toHaveLength(query.limit)
      }
    const { rows } = await client.query<{ name: string; generic_plans: string }>(
      `select name, generic_plans from pg_prepared_statements where name like 'intention_feed%'`,
    )
    expect(rows).toHaveLength(2)
    for (const row of rows) expect(Number(row.generic_plans), row.name).toBeGreaterThan(0)
  })
})
