import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'

// bench:search's data set (issue 43): 4,000 members writing in English, Spanish, Portuguese and
// French (their account's language), 100,000 requests and 20,000 testimonies in their authors'
// languages: a fifth of their words from a vocabulary of 20 per language (so each of those is in
// about a tenth of a language's posts, as "surgery" might be), the rest from 20,000 rarer made-up
// words. Set-based, triggers off while
// rows go in; the search rows and search_words are then built in one statement each, as the
// triggers would.

export const SEARCH_SEED = { users: 4_000, intentions: 100_000, testimonies: 20_000 } as const

const VOCABULARY = [
  // English
  `'mother','surgery','recovery','healing','family','work','peace','strength','father','exam',
   'journey','hospital','comfort','friend','grief','hope','prayers','tonight','daughter','grateful'`,
  // Spanish
  `'madre','cirugía','recuperación','sanación','familia','trabajo','paz','fuerza','padre','examen',
   'viaje','hospital','consuelo','amigo','duelo','esperanza','oraciones','noche','hija','agradecido'`,
  // Portuguese
  `'mãe','cirurgia','recuperação','cura','família','trabalho','paz','força','pai','prova',
   'viagem','hospital','conforto','amigo','luto','esperança','orações','noite','filha','grato'`,
  // French
  `'mère','chirurgie','guérison','rétablissement','famille','travail','paix','force','père','examen',
   'voyage','hôpital','réconfort','ami','deuil','espoir','prières','soir','fille','reconnaissant'`,
]

const statements: [label: string, text: string][] = [
  [
    'id function',
    `create or replace function bench_id(kind int, n bigint) returns uuid language sql immutable
     as $$ select (lpad(to_hex(kind), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$`,
  ],
  [
    'words function',
    `create or replace function bench_words(language int, seed bigint, count int) returns text
     language sql immutable as $$
       select string_agg(case when (seed + k) % 5 = 0 then (case language
         ${VOCABULARY.map((words, index) => `when ${index} then array[${words}]`).join('\n')}
         end)[1 + (abs(hashint8(seed * 1000 + k)) % 20)::int]
         else (array['ka','lo','mi','ne','pu','ra','si','to','vu','ze'])[1 + (abs(hashint8(seed * 1000 + k + 1)) % 10)::int]
           || (array['ba','de','fi','go','hu','ja','ke','li','mo','nu'])[1 + (abs(hashint8(seed * 1000 + k + 2)) % 10)::int]
           || (array['r','s','t','n','l','m','d','k','p','v'])[1 + (abs(hashint8(seed * 1000 + k + 3)) % 10)::int]
           || (abs(hashint8(seed * 1000 + k + 4)) % 20)::text
         end, ' ')
       from generate_series(1, count) k $$`,
  ],
  [
    'users',
    `insert into users (id, email, email_verified_at, display_name, first_name, last_name,
       language, profile_completed_at, created_at, updated_at)
     select bench_id(1, n), 'bench-' || n || '@example.test', now(), 'member_' || n,
       'First' || n, 'Last' || n, (array['en', 'es', 'pt-BR', 'fr'])[1 + n % 4],
       now(), now() - interval '400 days', now()
     from generate_series(1, ${SEARCH_SEED.users}) n`,
  ],
  [
    'requests',
    `insert into intentions (id, author_id, title, details, identity_mode, destination, status,
       created_at, updated_at)
     select bench_id(3, n), bench_id(1, a), initcap(bench_words(a % 4, n, 6)),
       bench_words(a % 4, n * 31, 30), 'display_name', 'public_wall', 'active', at, at
     from generate_series(1, ${SEARCH_SEED.intentions}) n,
       lateral (select 1 + (n * 13) % ${SEARCH_SEED.users} as a,
         date_trunc('milliseconds', now() - n * interval '5 minutes') as at) p`,
  ],
  [
    'testimonies',
    `insert into testimonies (id, author_id, title, text, visibility, created_at)
     select bench_id(9, n), bench_id(1, a), initcap(bench_words(a % 4, n * 7, 6)),
       bench_words(a % 4, n * 17, 40), 'public',
       date_trunc('milliseconds', now() - n * interval '25 minutes')
     from generate_series(1, ${SEARCH_SEED.testimonies}) n,
       lateral (select 1 + (n * 29) % ${SEARCH_SEED.users} as a) p`,
  ],
  [
    'request search rows',
    `insert into intention_search (intention_id, language, document, folded, created_at,
       group_id, hidden, status)
     select i.id, search_config(u.language),
       setweight(search_document(search_config(u.language), i.title), 'A')
         || setweight(search_document(search_config(u.language), i.details), 'B'),
       search_fold(i.title || ' ' || i.details), i.created_at, i.group_id, false, i.status
     from intentions i join users u on u.id = i.author_id`,
  ],
  [
    'testimony search rows',
    `insert into testimony_search (testimony_id, language, document, folded, created_at,
       group_id, hidden)
     select t.id, search_config(u.language),
       setweight(search_document(search_config(u.language), t.title), 'A')
         || setweight(search_document(search_config(u.language), t.text), 'B'),
       search_fold(t.title || ' ' || t.text), t.created_at, t.group_id, false
     from testimonies t join users u on u.id = t.author_id`,
  ],
  [
    'search words',
    `insert into search_words (word)
     select distinct word from (select folded from intention_search
       union all select folded from testimony_search) s,
       unnest(tsvector_to_array(to_tsvector('simple', s.folded))) word
     where length(word) between 2 and 40`,
  ],
]

// The search indexes have no pending list (migration 0040): each row's words go into the index as
// it is written, which for 120,000 rows at once is minutes. The seed lets them pend, merges them
// in one go, and turns pending off again: the index ends as a live one would be.
const SEARCH_INDEXES = [
  'intention_search_match_idx',
  'testimony_search_match_idx',
  'search_words_trgm_idx',
]

export async function seedSearch(db: Database, log: (line: string) => void): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'))
    for (const index of SEARCH_INDEXES) {
      await tx.execute(sql.raw(`alter index ${index} set (fastupdate = on)`))
    }
    for (const [label, text] of statements) {
      const started = performance.now()
      await tx.execute(sql.raw(text))
      log(`  seeded ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
    for (const index of SEARCH_INDEXES) {
      await tx.execute(sql.raw(`select gin_clean_pending_list('${index}')`))
      await tx.execute(sql.raw(`alter index ${index} set (fastupdate = off)`))
    }
  })
  await db.execute(sql.raw('analyze'))
}
