import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { App } from '../../server/app'
import type { Database } from '../../server/db/client'
import { createUser, signIn } from '../helpers/users'
import { DETAILS, postIntention } from '../helpers/wall'

// The data the fuzz suite attacks: a member (the fuzzer) with a prayer of their own, and another
// member whose public and private content the fuzzer must never change or, where private, see.

export interface FuzzWorld {
  member: { id: string; cookie: () => Promise<string> }
  other: { id: string }
  /** Every id the fuzzer may put in a path: its own, the other member's, their private ones. */
  ids: string[]
  /** The other member's ids the fuzzer cannot see at all (a private group it is not in). */
  privateIds: Set<string>
  /** The other member's ids of any kind: no write through them may succeed. */
  othersIds: Set<string>
}

async function send(app: App, cookie: string, method: 'POST', url: string, payload: object) {
  const response = await app.inject({ method, url, headers: { cookie }, payload })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as Record<string, unknown>
}

export async function seedFuzzWorld(app: App, db: Database): Promise<FuzzWorld> {
  const member = await createUser(db)
  const other = await createUser(db)
  const memberCookie = await signIn(app, member)
  const otherCookie = await signIn(app, other)

  const own = await postIntention(app, memberCookie)
  const ownGroup = await send(app, memberCookie, 'POST', '/api/v1/groups', {
    name: 'Morning prayer',
  })
  const publicPrayer = await postIntention(app, otherCookie)
  const group = await send(app, otherCookie, 'POST', '/api/v1/groups', {
    name: 'Thursday night vigil',
    description: 'We pray together on Thursdays.',
  })
  const groupId = String(group.id)
  const privatePrayer = await postIntention(app, otherCookie, {
    destination: 'private_group',
    group_id: groupId,
  })
  const comment = (intentionId: string) =>
    send(app, otherCookie, 'POST', `/api/v1/intentions/${intentionId}/comments`, {
      content: 'Praying with you all week.',
    })
  const publicComment = await comment(publicPrayer.intention_id)
  const privateComment = await comment(privatePrayer.intention_id)
  const testimony = await send(app, otherCookie, 'POST', '/api/v1/testimonies', {
    title: 'My mother came home well',
    text: DETAILS,
    category_tags: ['healing'],
    visibility: 'public',
  })

  const privateIds = [privatePrayer.intention_id, String(privateComment.comment_id), groupId]
  const othersIds = [
    ...privateIds,
    publicPrayer.intention_id,
    String(publicComment.comment_id),
    String(testimony.testimony_id),
    other.id,
  ]
  return {
    // A fresh session per use: the fuzzer may sign itself out (POST /auth/logout).
    member: { id: member.id, cookie: () => signIn(app, member) },
    other: { id: other.id },
    ids: [own.intention_id, String(ownGroup.id), member.id, ...othersIds],
    privateIds: new Set(privateIds),
    othersIds: new Set(othersIds),
  }
}

// Counters move when the fuzzer prays or reacts, legitimately; everything else must not.
const COUNTERS = sql.raw(
  [
    "'prayed_count'",
    "'amen_count'",
    "'candle_count'",
    "'comments_count'",
    "'likes_count'",
    "'amens_count'",
  ]
    .map((column) => `- ${column}`)
    .join(' '),
)

/** The other member's rows as stored, to compare before and after the fuzzing. */
export async function othersRows(db: Database, otherId: string) {
  const result = (await db.execute(sql`
    select 'user' as kind, to_jsonb(u) as row from users u where u.id = ${otherId}
    union all select 'intention', to_jsonb(i) ${COUNTERS} from intentions i where i.author_id = ${otherId}
    union all select 'comment', to_jsonb(c) ${COUNTERS} from comments c where c.author_id = ${otherId}
    union all select 'testimony', to_jsonb(t) ${COUNTERS} from testimonies t where t.author_id = ${otherId}
    union all select 'group', to_jsonb(g) from groups g where g.created_by = ${otherId}
    union all select 'membership', to_jsonb(m) from group_members m
      join groups g on g.id = m.group_id where g.created_by = ${otherId}
    order by 1, 2
  `)) as unknown as { rows: unknown[] }
  return result.rows
}

/** Tables (and their row counts) holding `marker` anywhere in a row. */
export async function tablesHolding(db: Database, marker: string) {
  const tables = (await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
  `)) as unknown as { rows: { name: string }[] }
  const found: string[] = []
  for (const { name } of tables.rows) {
    const hits = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text like ${`%${marker}%`}`,
    )) as unknown as { rows: { n: number }[] }
    if (hits.rows[0]!.n > 0) found.push(name)
  }
  return found
}
