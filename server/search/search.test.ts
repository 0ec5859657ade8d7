import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateIntentionInput } from '@contract/intentions'
import type { SearchResponse, SearchResult } from '@contract/search'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { call, postTestimony } from '../../tests/helpers/testimonies-api'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import { intentionsTable } from '../intentions/intentions.table'
import { testimoniesTable } from '../testimonies/testimonies.table'
import { usersTable } from '../users/users.table'

// Issue 43 (docs/search.md): matching in each post's language, accents, misspellings, the
// wall's visibility, anonymity, escaping, pages and bad input, on PGlite and PostgreSQL.
let t: TestApp
type Person = TestUser & { cookie: string }
let english: Person
let spanish: Person
let portuguese: Person
let reader: Person

async function person(language: string | null = null): Promise<Person> {
  const user = await createUser(t.db)
  await t.db.update(usersTable).set({ language }).where(eq(usersTable.id, user.id))
  return { ...user, cookie: await signIn(t.app, user) }
}

// Titles and details have minimum lengths; the padding is words no test searches for.
const post = (who: Person, input: Partial<CreateIntentionInput>) =>
  postIntention(t.app, who.cookie, {
    tags: [],
    ...input,
    title: `${input.title ?? ''} (zz)`.padEnd(25, '.'),
    details: `${input.details ?? ''} ${'·'.repeat(70)}`,
  })

const story = (who: Person, input: { title: string; text: string; visibility?: 'anonymous' }) =>
  postTestimony(t.app, who.cookie, {
    ...input,
    title: `${input.title} (zz)`.padEnd(20, '.'),
    text: `${input.text} ${'·'.repeat(70)}`,
  })

async function search(who: Person, params: Record<string, string>): Promise<SearchResponse> {
  const response = await call(
    t.app,
    who.cookie,
    'GET',
    `/api/v1/search?${new URLSearchParams(params)}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const idOf = (result: SearchResult) =>
  result.type === 'intention' ? result.intention.intention_id : result.testimony.testimony_id
const found = async (who: Person, q: string, more: Record<string, string> = {}) =>
  (await search(who, { q, ...more })).items.map(idOf)

beforeAll(async () => {
  t = await createTestApp()
  english = await person('en')
  spanish = await person('es')
  portuguese = await person('pt-BR')
  reader = await person()
})
afterAll(() => t.close())

describe('matching', () => {
  it('stems in the author’s language: English, Spanish and Portuguese', async () => {
    const en = await post(english, {
      title: 'Healing for my brother',
      details: 'He had two surgeries this spring.',
    })
    const es = await post(spanish, {
      title: 'Oración por mi hermana',
      details: 'Las operaciones de su corazón fueron largas.',
    })
    const pt = await post(portuguese, {
      title: 'Pedimos orações',
      details: 'Pela cura dos meus irmãos e pela cirurgia.',
    })
    expect(await found(reader, 'healed surgery ')).toEqual([en.intention_id])
    expect(await found(reader, 'operación hermanas ')).toEqual([es.intention_id])
    expect(await found(reader, 'cirurgias irmão ')).toEqual([pt.intention_id])
  })

  it('folds accents both ways, and matches the last word as typed so far', async () => {
    const es = await post(spanish, {
      title: 'Una petición de paz',
      details: 'Para la familia Núñez en la oración de la tarde.',
    })
    expect(await found(reader, 'peticion nunez')).toEqual([es.intention_id])
    expect(await found(reader, 'PETICIÓN Nuñ')).toEqual([es.intention_id])
  })

  it('finds a misspelled name by trigrams when the words find nothing', async () => {
    const maria = await post(english, {
      title: 'The surgery of Maria',
      details: 'Her operation is on Friday morning.',
    })
    const result = await search(reader, { q: 'marai' })
    expect(result.matched).toBe('similar')
    expect(result.items.map(idOf)).toContain(maria.intention_id)
    expect((await search(reader, { q: 'maria' })).matched).toBe('words')
  })

  it('keeps quoted phrases together and leaves out excluded words', async () => {
    const together = await post(english, {
      title: 'Peace for the night shift',
      details: 'A nurse on the night shift asks for rest.',
    })
    const apart = await post(english, {
      title: 'A shift in the night',
      details: 'Peace came after a long shift, then night fell. No nurse here.',
    })
    const phrase = await found(reader, '"night shift" ')
    expect(phrase).toContain(together.intention_id)
    expect(phrase).not.toContain(apart.intention_id)
    // Both have a nurse; no similar spellings stand in for an exclusion that leaves nothing.
    expect(await search(reader, { q: 'shift -nurse ' })).toMatchObject({
      items: [],
      matched: 'words',
    })
    expect(await found(reader, 'shift -rest ')).toEqual([apart.intention_id])
  })

  it('finds testimonies and the member’s own prayer list by scope', async () => {
    const shared = await story(english, {
      title: 'Gratitude for the harvest',
      text: 'The orchard gave apples again.',
    })
    const request = await post(english, { title: 'Rain for the orchard', details: 'Dry summer.' })
    expect(await found(reader, 'orchard', { scope: 'testimonies' })).toEqual([shared.testimony_id])
    expect(await found(reader, 'orchard', { scope: 'wall' })).toEqual([request.intention_id])
    expect(new Set(await found(reader, 'orchard'))).toEqual(
      new Set([shared.testimony_id, request.intention_id]),
    )
    expect(await found(reader, 'orchard', { scope: 'prayer-list' })).toEqual([])
    const added = await call(
      t.app,
      reader.cookie,
      'PUT',
      `/api/v1/prayer-list/${request.intention_id}`,
    )
    expect(added.statusCode, added.body).toBeLessThan(300)
    expect(await found(reader, 'orchard', { scope: 'prayer-list' })).toEqual([request.intention_id])
    expect(new Set(await found(english, 'orchard', { scope: 'mine' }))).toEqual(
      new Set([shared.testimony_id, request.intention_id]),
    )
    expect(await found(reader, 'orchard', { scope: 'mine' })).toEqual([])
  })
})

describe('visibility', () => {
  it('finds a private group’s request for its members only, never a held or removed one', async () => {
    const member = await person()
    const group = await insertGroup(t.db, [english.id, member.id])
    const inGroup = await post(english, {
      title: 'Quietly for the lighthouse keeper',
      details: 'Within the circle.',
      destination: 'private_group',
      group_id: group.id,
    })
    expect(await found(member, 'lighthouse')).toEqual([inGroup.intention_id])
    expect(await found(reader, 'lighthouse')).toEqual([])

    const held = await post(english, { title: 'The windmill repairs', details: 'Soon.' })
    const removed = await post(english, { title: 'The windmill sails', details: 'Soon.' })
    const shared = await story(english, {
      title: 'The windmill turns',
      text: 'It turned.',
    })
    expect(await found(reader, 'windmill')).toHaveLength(3)
    await t.db
      .update(intentionsTable)
      .set({ heldAt: new Date() })
      .where(eq(intentionsTable.id, held.intention_id))
    await t.db
      .update(intentionsTable)
      .set({ removedAt: new Date() })
      .where(eq(intentionsTable.id, removed.intention_id))
    await t.db
      .update(testimoniesTable)
      .set({ heldAt: new Date() })
      .where(eq(testimoniesTable.id, shared.testimony_id))
    for (const who of [reader, english]) expect(await found(who, 'windmill')).toEqual([])
  })

  it('never finds an anonymous author by their names, and never names them in a result', async () => {
    const author = await person('en')
    const [names] = await t.db.select().from(usersTable).where(eq(usersTable.id, author.id))
    const anonymous = await post(author, {
      title: 'A burden about the quarry',
      details: 'Pray for strength.',
      identity_mode: 'anonymous',
    })
    await story(author, {
      title: 'The quarry closed',
      text: 'And we were fine.',
      visibility: 'anonymous',
    })
    for (const name of [names!.displayName, names!.firstName!, names!.lastName!]) {
      expect(await found(reader, name), name).toEqual([])
    }
    const response = await call(t.app, reader.cookie, 'GET', '/api/v1/search?q=quarry')
    expect((response.json() as SearchResponse).items.map(idOf)).toContain(anonymous.intention_id)
    for (const secret of [author.id, author.email, names!.displayName, names!.lastName!]) {
      expect(response.body).not.toContain(secret)
    }
  })
})

describe('excerpts', () => {
  it('marks the matched words in text shown as typed, markup and all', async () => {
    await post(english, {
      title: 'Escaping test',
      details: 'Pray <script>alert(1)</script> for **bold** fennel & <b>marks</b> too.',
    })
    const [result] = (await search(reader, { q: 'fennel' })).items
    expect(result?.excerpt.filter((part) => part.match)).toEqual([{ text: 'fennel', match: true }])
    const text = result!.excerpt.map((part) => part.text).join('')
    expect(text).toContain('<script>alert(1)</script>')
    expect(text).toContain('**bold**')
    expect(text).toContain('fennel & <b>marks</b> too')
  })
})

describe('pages', () => {
  it('pages by score without repeats or gaps while new requests arrive', async () => {
    const authors = [await person('en'), await person('en')]
    const posted: string[] = []
    for (let index = 0; index < 5; index += 1) {
      const created = await post(authors[index % 2]!, {
        title: `Pilgrimage number ${index}`,
        details: index % 2 ? 'A pilgrimage walk.' : 'Walking.',
      })
      posted.push(created.intention_id)
    }
    const first = await search(reader, { q: 'pilgrimage', limit: '2' })
    expect(first.items).toHaveLength(2)
    await post(authors[0]!, { title: 'Pilgrimage pilgrimage, the newest', details: 'pilgrimage' })
    const seen = first.items.map(idOf)
    let cursor = first.next_cursor
    while (cursor) {
      const next = await search(reader, { q: 'pilgrimage', limit: '2', cursor })
      seen.push(...next.items.map(idOf))
      cursor = next.next_cursor
    }
    expect(new Set(seen).size).toBe(seen.length)
    for (const id of posted) expect(seen).toContain(id)
  })
})

describe('bad input', () => {
  it.each([
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['q=pray&scope=everything', 'scope'],
    ['q=pray&cursor=not-a-cursor', 'cursor'],
    ['scope=all', 'q'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await call(t.app, reader.cookie, 'GET', `/api/v1/search?${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field)
  })

  it.each(['"', '-', '""', '- -', '"unclosed', 'a & b | !c', "o'brien:*", '(((', '<->'])(
    'searches %s as text without an error',
    async (q) => {
      const response = await call(
        t.app,
        reader.cookie,
        'GET',
        `/api/v1/search?q=${encodeURIComponent(q)}`,
      )
      expect(response.statusCode, response.body).toBe(200)
    },
  )
})
