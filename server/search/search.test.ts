import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { SearchResponse } from '@contract/search'
import { call } from '../../tests/helpers/testimonies-api'
import { insertGroup } from '../../tests/helpers/wall'
import { intentionsTable } from '../intentions/intentions.table'
import { testimoniesTable } from '../testimonies/testimonies.table'
import { usersTable } from '../users/users.table'
import {
  found,
  idOf,
  person,
  post,
  search,
  story,
  useSearchWorld,
  world,
} from './testing/search-world'

// Issue 43 (docs/search.md): matching in each post's language, accents, misspellings, the
// wall's visibility, anonymity and escaping, on PGlite and PostgreSQL (pages, order and bad
// input: search-paging.test.ts).
useSearchWorld()

describe('matching', () => {
  it('stems in the author’s language: English, Spanish and Portuguese', async () => {
    const en = await post(world.english, {
      title: 'Healing for my brother',
      details: 'He had two surgeries this spring.',
    })
    const es = await post(world.spanish, {
      title: 'Oración por mi hermana',
      details: 'Las operaciones de su corazón fueron largas.',
    })
    const pt = await post(world.portuguese, {
      title: 'Pedimos orações',
      details: 'Pela cura dos meus irmãos e pela cirurgia.',
    })
    expect(await found(world.reader, 'healed surgery ')).toEqual([en.intention_id])
    expect(await found(world.reader, 'operación hermanas ')).toEqual([es.intention_id])
    expect(await found(world.reader, 'cirurgias irmão ')).toEqual([pt.intention_id])
  })

  it('stems a post whose author chose no language in the language it is written in', async () => {
    const unsure = await person()
    const es = await post(unsure, {
      title: 'Gracias por las bendiciones',
      details: 'Las bendiciones de mis hermanos fueron muchas y pedimos por ellos.',
    })
    const pt = await post(unsure, {
      title: 'Pedimos pelas nossas filhas',
      details: 'Que as filhas, que não estão bem, tenham paz e saúde.',
    })
    // Stemmed as `simple`, "bendición" would not find "bendiciones", nor "filha" "filhas".
    expect(await found(world.reader, 'bendición hermano ')).toEqual([es.intention_id])
    expect(await found(world.reader, 'filha ')).toEqual([pt.intention_id])
  })

  it('folds accents both ways, and matches the last word as typed so far', async () => {
    const es = await post(world.spanish, {
      title: 'Una petición de paz',
      details: 'Para la familia Núñez en la oración de la tarde.',
    })
    expect(await found(world.reader, 'peticion nunez')).toEqual([es.intention_id])
    expect(await found(world.reader, 'PETICIÓN Nuñ')).toEqual([es.intention_id])
  })

  it('finds a misspelled name by trigrams when the words find nothing', async () => {
    const maria = await post(world.english, {
      title: 'The surgery of Maria',
      details: 'Her operation is on Friday morning.',
    })
    const result = await search(world.reader, { q: 'marai' })
    expect(result.matched).toBe('similar')
    expect(result.items.map(idOf)).toContain(maria.intention_id)
    expect((await search(world.reader, { q: 'maria' })).matched).toBe('words')
  })

  it('finds by its words a post older than the first window, though the similar spellings were looked up', async () => {
    // Nothing in the first 16 days has the word: the words are looked for in everything while
    // its similar spellings are looked up beside them; the words' page is the one answered.
    const old = await post(world.english, { title: 'Quillwort by the pond' })
    await world.t.db
      .update(intentionsTable)
      .set({ createdAt: new Date(Date.now() - 90 * 24 * 3600 * 1000) })
      .where(eq(intentionsTable.id, old.intention_id))
    const result = await search(world.reader, { q: 'quillwort' })
    expect(result.matched).toBe('words')
    expect(result.items.map(idOf)).toEqual([old.intention_id])
    const misspelled = await search(world.reader, { q: 'quilwort' })
    expect(misspelled.matched).toBe('similar')
    expect(misspelled.items.map(idOf)).toEqual([old.intention_id])
  })

  it('keeps quoted phrases together and leaves out excluded words', async () => {
    const together = await post(world.english, {
      title: 'Peace for the night shift',
      details: 'A nurse on the night shift asks for rest.',
    })
    const apart = await post(world.english, {
      title: 'A shift in the night',
      details: 'Peace came after a long shift, then night fell. No nurse here.',
    })
    const phrase = await found(world.reader, '"night shift" ')
    expect(phrase).toContain(together.intention_id)
    expect(phrase).not.toContain(apart.intention_id)
    // Both have a nurse; no similar spellings stand in for an exclusion that leaves nothing.
    expect(await search(world.reader, { q: 'shift -nurse ' })).toMatchObject({
      items: [],
      matched: 'words',
    })
    expect(await found(world.reader, 'shift -rest ')).toEqual([apart.intention_id])
  })

  it('finds testimonies and the member’s own prayer list by scope', async () => {
    const shared = await story(world.english, {
      title: 'Gratitude for the harvest',
      text: 'The orchard gave apples again.',
    })
    const request = await post(world.english, {
      title: 'Rain for the orchard',
      details: 'Dry summer.',
    })
    expect(await found(world.reader, 'orchard', { scope: 'testimonies' })).toEqual([
      shared.testimony_id,
    ])
    expect(await found(world.reader, 'orchard', { scope: 'wall' })).toEqual([request.intention_id])
    expect(new Set(await found(world.reader, 'orchard'))).toEqual(
      new Set([shared.testimony_id, request.intention_id]),
    )
    expect(await found(world.reader, 'orchard', { scope: 'prayer-list' })).toEqual([])
    const added = await call(
      world.t.app,
      world.reader.cookie,
      'PUT',
      `/api/v1/prayer-list/${request.intention_id}`,
    )
    expect(added.statusCode, added.body).toBeLessThan(300)
    expect(await found(world.reader, 'orchard', { scope: 'prayer-list' })).toEqual([
      request.intention_id,
    ])
    expect(new Set(await found(world.english, 'orchard', { scope: 'mine' }))).toEqual(
      new Set([shared.testimony_id, request.intention_id]),
    )
    expect(await found(world.reader, 'orchard', { scope: 'mine' })).toEqual([])
  })
})

describe('visibility', () => {
  it('finds a private group’s request or testimony for its members only, never a held or removed one', async () => {
    const member = await person()
    const group = await insertGroup(world.t.db, [world.english.id, member.id])
    const inGroup = await post(world.english, {
      title: 'Quietly for the lighthouse keeper',
      details: 'Within the circle.',
      destination: 'private_group',
      group_id: group.id,
    })
    expect(await found(member, 'lighthouse')).toEqual([inGroup.intention_id])
    expect(await found(world.reader, 'lighthouse')).toEqual([])
    const groupStory = await story(world.english, {
      title: 'The belfry restored',
      text: 'At last.',
    })
    await world.t.db
      .update(testimoniesTable)
      .set({ groupId: group.id })
      .where(eq(testimoniesTable.id, groupStory.testimony_id))
    expect(await found(member, 'belfry')).toEqual([groupStory.testimony_id])
    expect(await found(world.reader, 'belfry')).toEqual([])

    const held = await post(world.english, { title: 'The windmill repairs', details: 'Soon.' })
    const removed = await post(world.english, { title: 'The windmill sails', details: 'Soon.' })
    const shared = await story(world.english, {
      title: 'The windmill turns',
      text: 'It turned.',
    })
    expect(await found(world.reader, 'windmill')).toHaveLength(3)
    await world.t.db
      .update(intentionsTable)
      .set({ heldAt: new Date() })
      .where(eq(intentionsTable.id, held.intention_id))
    await world.t.db
      .update(intentionsTable)
      .set({ removedAt: new Date() })
      .where(eq(intentionsTable.id, removed.intention_id))
    await world.t.db
      .update(testimoniesTable)
      .set({ heldAt: new Date() })
      .where(eq(testimoniesTable.id, shared.testimony_id))
    for (const who of [world.reader, world.english])
      expect(await found(who, 'windmill')).toEqual([])
  })

  it('never finds an anonymous author by their names, and never names them in a result', async () => {
    const author = await person('en')
    const [names] = await world.t.db.select().from(usersTable).where(eq(usersTable.id, author.id))
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
      expect(await found(world.reader, name), name).toEqual([])
    }
    const response = await call(world.t.app, world.reader.cookie, 'GET', '/api/v1/search?q=quarry')
    expect((response.json() as SearchResponse).items.map(idOf)).toContain(anonymous.intention_id)
    for (const secret of [author.id, author.email, names!.displayName, names!.lastName!]) {
      expect(response.body).not.toContain(secret)
    }
  })
})

describe('cards', () => {
  it('shows each viewer their own flags, one viewer after another', async () => {
    // The cards' statements are prepared once and shared by every viewer (issue 43).
    const request = await post(world.english, { title: 'Marigolds for the garden' })
    const shared = await story(world.english, { title: 'Marigolds bloomed', text: 'At last.' })
    const amen = await call(
      world.t.app,
      world.reader.cookie,
      'POST',
      `/api/v1/testimonies/${shared.testimony_id}/reactions`,
      { Reaction: 'amen' },
    )
    expect(amen.statusCode, amen.body).toBe(200)
    const cards = async (who: typeof world.reader) => {
      const { items } = await search(who, { q: 'marigolds' })
      const intention = items.find((item) => item.type === 'intention')
      const testimony = items.find((item) => item.type === 'testimony')
      return {
        intention: intention?.type === 'intention' ? intention.intention : undefined,
        testimony: testimony?.type === 'testimony' ? testimony.testimony : undefined,
      }
    }
    const reader = await cards(world.reader)
    expect(reader.intention).toMatchObject({ intention_id: request.intention_id, is_mine: false })
    expect(reader.testimony).toMatchObject({ said_amen: true, is_mine: false, amen_count: 1 })
    const author = await cards(world.english)
    expect(author.intention).toMatchObject({ intention_id: request.intention_id, is_mine: true })
    expect(author.testimony).toMatchObject({ said_amen: false, is_mine: true, amen_count: 1 })
    expect((await cards(world.reader)).testimony).toMatchObject({ said_amen: true })
  })
})

describe('excerpts', () => {
  it('marks the matched words in text shown as typed, markup and all', async () => {
    await post(world.english, {
      title: 'Escaping test',
      details: 'Pray <script>alert(1)</script> for **bold** fennel & <b>marks</b> too.',
    })
    const [result] = (await search(world.reader, { q: 'fennel' })).items
    expect(result?.excerpt.filter((part) => part.match)).toEqual([{ text: 'fennel', match: true }])
    const text = result!.excerpt.map((part) => part.text).join('')
    expect(text).toContain('<script>alert(1)</script>')
    expect(text).toContain('**bold**')
    expect(text).toContain('fennel & <b>marks</b> too')
  })
})
