import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'

// bench:feed's data set (issue 4): 20,000 users, 100,000 intentions, 1,000,000 reactions
// (400,000 prayers, 350,000 Amens, 250,000 candles), 200,000 comments, plus what the feed query
// also reads: tags, private groups and their members, testimonies, the viewer's reports.
// Set-based: each table is one INSERT … SELECT generate_series. Ids are derived from a kind
// and a number, so rows refer to each other by arithmetic instead of lookups.

export const SEED = {
  users: 20_000,
  intentions: 100_000,
  prayers: 400_000,
  amens: 350_000,
  candles: 250_000,
  comments: 200_000,
  groups: 100,
  membersPerGroup: 50,
  tags: 40,
  testimonies: 1_000,
} as const

/** The signed-in viewer: user 1, member of groups 1–5, with prayers, Amens and candles of their own. */
export const VIEWER_NUMBER = 1

const statements: [label: string, text: string][] = [
  [
    'id function',
    `create or replace function bench_id(kind int, n bigint) returns uuid language sql immutable
     as $$ select (lpad(to_hex(kind), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$`,
  ],
  [
    'users',
    `insert into users (id, email, email_verified_at, display_name, first_name, last_name,
       country_iso2, gender, birth_month, birth_day, profile_completed_at, created_at, updated_at)
     select bench_id(1, n), 'bench-' || n || '@example.test', now(), 'member_' || n,
       'First' || n, 'Last' || n, 'GB', 'prefer_not_to_say', 1 + n % 12, 1 + n % 28,
       now(), now() - interval '400 days', now()
     from generate_series(1, ${SEED.users}) n`,
  ],
  [
    'groups',
    `insert into groups (id, name, invite_code, created_by)
     select bench_id(2, g), 'Group ' || g, 'bench-invite-' || g, bench_id(1, 1 + (g * 211) % ${SEED.users})
     from generate_series(1, ${SEED.groups}) g`,
  ],
  [
    'group members',
    `insert into group_members (group_id, user_id, role)
     select bench_id(2, g), bench_id(1, 1 + (g * 97 + m * 13) % ${SEED.users}), 'member'
     from generate_series(1, ${SEED.groups}) g, generate_series(0, ${SEED.membersPerGroup - 1}) m
     union
     select bench_id(2, g), bench_id(1, ${VIEWER_NUMBER}), 'member' from generate_series(1, 5) g`,
  ],
  [
    'tags',
    `insert into tags (id, name) select bench_id(4, t), 'topic' || t
     from generate_series(1, ${SEED.tags}) t`,
  ],
  // Newest first is n = 1, one every 5 minutes (about a year); millisecond timestamps, as the
  // app writes them. 1 in 20 is posted to a private group, 1 in 15 answered, 1 in 40 released,
  // 1 in 200 removed by a moderator.
  [
    'intentions',
    `insert into intentions (id, author_id, title, details, identity_mode, destination, group_id,
       status, closure_reason, status_changed_at, created_at, updated_at, removed_at)
     select bench_id(3, n), bench_id(1, 1 + (n * 7919) % ${SEED.users}),
       'Please pray for my family, request number ' || n,
       repeat('We are going through a hard season and would be grateful for your prayers. ', 3),
       (array['display_name', 'display_name', 'real_name', 'anonymous'])[1 + n % 4],
       case when n % 20 = 0 then 'private_group' else 'public_wall' end,
       case when n % 20 = 0 then bench_id(2, 1 + (n / 20) % ${SEED.groups}) end,
       case when n % 15 = 0 then 'answered' when n % 40 = 1 then 'released_in_peace' else 'active' end,
       case when n % 40 = 1 and n % 15 <> 0 then 'came_to_peace' end,
       case when n % 15 = 0 or n % 40 = 1 then at - interval '1 day' end,
       at, at, case when n % 200 = 7 then at end
     from generate_series(1, ${SEED.intentions}) n,
       lateral (select date_trunc('milliseconds', now()) - n * interval '5 minutes' as at) t`,
  ],
  [
    'intention tags',
    `insert into intention_tags (intention_id, tag_id, position)
     select bench_id(3, n), bench_id(4, 1 + (n + k * 7) % ${SEED.tags}), k
     from generate_series(1, ${SEED.intentions}) n, generate_series(0, 2) k where k <= n % 3`,
  ],
  // Reactions: row k reacts to intention 1 + k % N; the user depends on k / N, so no pair repeats.
  [
    'prayers',
    `insert into prayers (id, intention_id, user_id, prayed_on, created_at)
     select bench_id(5, k), bench_id(3, 1 + k % ${SEED.intentions}),
       bench_id(1, 1 + ((k % ${SEED.intentions}) * 31 + (k / ${SEED.intentions}) * 4999 + 1) % ${SEED.users}),
       (now() at time zone 'utc')::date - (k / ${SEED.intentions})::int, now()
     from generate_series(0, ${SEED.prayers - 1}) k`,
  ],
  [
    'amens',
    `insert into intention_reactions (id, intention_id, user_id, kind, created_at)
     select bench_id(6, k), bench_id(3, 1 + k % ${SEED.intentions}),
       bench_id(1, 1 + ((k % ${SEED.intentions}) * 17 + (k / ${SEED.intentions}) * 3001 + 5) % ${SEED.users}),
       'amen', now()
     from generate_series(0, ${SEED.amens - 1}) k`,
  ],
  [
    'candles',
    `insert into intention_reactions (id, intention_id, user_id, kind, created_at)
     select bench_id(7, k), bench_id(3, 1 + k % ${SEED.intentions}),
       bench_id(1, 1 + ((k % ${SEED.intentions}) * 23 + (k / ${SEED.intentions}) * 2003 + 11) % ${SEED.users}),
       'candle', now()
     from generate_series(0, ${SEED.candles - 1}) k`,
  ],
  // The viewer's own responses on the newest pages and at depth, so the per-viewer flags are
  // true on some cards of page 1 and of page 500.
  [
    'viewer responses',
    `insert into intention_reactions (id, intention_id, user_id, kind, created_at)
     select gen_random_uuid(), bench_id(3, n), bench_id(1, ${VIEWER_NUMBER}), kind, now()
     from generate_series(1, ${SEED.intentions}, 7) n, unnest(array['amen', 'candle']) kind
     on conflict do nothing`,
  ],
  [
    'viewer prayers',
    `insert into prayers (id, intention_id, user_id, prayed_on, created_at)
     select gen_random_uuid(), bench_id(3, n), bench_id(1, ${VIEWER_NUMBER}),
       (now() at time zone 'utc')::date, now()
     from generate_series(1, ${SEED.intentions}, 5) n
     on conflict do nothing`,
  ],
  [
    'viewer reports',
    `insert into reports (id, target_type, target_id, reporter_id, category)
     select gen_random_uuid(), 'intention', bench_id(3, n), bench_id(1, ${VIEWER_NUMBER}), 'spam'
     from generate_series(3, ${SEED.intentions}, 101) n`,
  ],
  [
    'comments',
    `insert into comments (id, intention_id, author_id, content, created_at, updated_at)
     select bench_id(8, k), bench_id(3, 1 + k % ${SEED.intentions}),
       bench_id(1, 1 + (k * 13) % ${SEED.users}), 'Praying with you and your family. ' || k, at, at
     from generate_series(0, ${SEED.comments - 1}) k,
       lateral (select date_trunc('milliseconds', now()) - (k % ${SEED.intentions}) * interval '5 minutes' + interval '1 minute' as at) t`,
  ],
  // Testimonies of answered prayers by their authors, so the feed's testimony links are found.
  [
    'testimonies',
    `insert into testimonies (id, author_id, title, text, visibility, intention_id, group_id, created_at)
     select bench_id(9, n), i.author_id, 'God answered our prayer ' || n,
       repeat('Thank you all for praying, our prayer was answered. ', 3),
       case when i.identity_mode = 'anonymous' then 'anonymous' else 'public' end,
       i.id, i.group_id, i.created_at + interval '1 day'
     from generate_series(15, ${SEED.testimonies * 15}, 15) n
     join intentions i on i.id = bench_id(3, n)`,
  ],
  [
    'counters',
    `update intentions i set
       prayed_count = coalesce((select count(*) from prayers p where p.intention_id = i.id), 0),
       amen_count = coalesce((select count(*) from intention_reactions r where r.intention_id = i.id and r.kind = 'amen'), 0),
       candle_count = coalesce((select count(*) from intention_reactions r where r.intention_id = i.id and r.kind = 'candle'), 0),
       comments_count = coalesce((select count(*) from comments c where c.intention_id = i.id and c.removed_at is null), 0)`,
  ],
  ['drop id function', 'drop function bench_id(int, bigint)'],
  ['analyze', 'analyze'],
]

/**
 * Seeds an empty, migrated database; prints each step's time. One transaction (one connection
 * on a pool) with foreign-key triggers off: every reference is built to exist, and checking
 * 1.6 million of them row by row would triple the load time on PGlite.
 */
export async function seedFeed(db: Database, log: (line: string) => void): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'))
    for (const [label, text] of statements) {
      const started = performance.now()
      await tx.execute(sql.raw(text))
      log(`  seeded ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
  })
}
