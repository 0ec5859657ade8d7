import type { Intention } from '@contract/intentions'
import type { SearchResult } from '@contract/search'
import type { Testimony } from '@contract/testimonies'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { anIntention } from '@/testing/intention-fixtures'
import { excerptOf, fold, searchCachedCards } from './cached-search'

// Offline search over the cards the device already has (issue 43).

function intention(id: number, title: string, details: string, mine = false): Intention {
  const at = new Date(Date.UTC(2026, 0, id)).toISOString()
  return anIntention({
    intention_id: `0190a1b2-c3d4-7e5f-8a9b-${String(id).padStart(12, '0')}`,
    title,
    details,
    created_at: at,
    updated_at: at,
    is_mine: mine,
  })
}

const testimony: Testimony = {
  testimony_id: '0190a1b2-c3d4-7e5f-8a9b-000000000099',
  title: 'Gracias por la oración',
  text: 'La operación de María salió bien.',
  category_tags: [],
  visibility: 'public',
  intention_id: null,
  intention_title: null,
  author_display_name: 'Calm River',
  created_at: new Date(Date.UTC(2026, 1, 1)).toISOString(),
  said_amen: false,
  amen_count: 0,
  is_mine: false,
}

function cacheWith(...cards: Intention[]) {
  const client = new QueryClient()
  client.setQueryData(['intentions', 'feed', 'wall'], {
    pages: [{ items: cards, next_cursor: null }],
    pageParams: [null],
  })
  client.setQueryData(['testimonies', 'feed'], {
    pages: [{ items: [testimony], nextCursor: null }],
    pageParams: [null],
  })
  // A search answer is no card of the device's feeds.
  client.setQueryData(['search', 'all', 'maria'], {
    pages: [{ items: [intention(50, 'x', 'maria')] }],
  })
  return client
}

const ids = (results: SearchResult[]) =>
  results.map((result) =>
    result.type === 'intention' ? result.intention.intention_id : result.testimony.testimony_id,
  )

describe('searching the cached cards', () => {
  const surgery = intention(1, 'Surgery for Maria', 'Her surgery is on Friday.')
  const exam = intention(2, 'Exams this week', 'Pray for calm during the exams.', true)

  it('finds every word, accents and case aside, newest first, across feeds', () => {
    const client = cacheWith(surgery, exam)
    expect(ids(searchCachedCards(client, 'MARIA', 'all'))).toEqual([
      testimony.testimony_id,
      surgery.intention_id,
    ])
    expect(ids(searchCachedCards(client, 'maria friday', 'all'))).toEqual([surgery.intention_id])
    expect(ids(searchCachedCards(client, 'oracion', 'testimonies'))).toEqual([
      testimony.testimony_id,
    ])
  })

  it('leaves out -words, keeps "phrases" together and keeps to the scope', () => {
    const client = cacheWith(surgery, exam)
    expect(ids(searchCachedCards(client, 'maria -operación', 'all'))).toEqual([
      surgery.intention_id,
    ])
    expect(ids(searchCachedCards(client, '"surgery is"', 'all'))).toEqual([surgery.intention_id])
    expect(ids(searchCachedCards(client, '"is surgery"', 'all'))).toEqual([])
    expect(ids(searchCachedCards(client, 'maria', 'wall'))).toEqual([surgery.intention_id])
    expect(ids(searchCachedCards(client, 'exams', 'mine'))).toEqual([exam.intention_id])
    expect(ids(searchCachedCards(client, 'surgery', 'mine'))).toEqual([])
    expect(searchCachedCards(client, '"', 'all')).toEqual([])
  })

  it('marks the words in the excerpt, the text as it was written', () => {
    expect(excerptOf('La operación de María salió bien.', ['maria'])).toEqual([
      { text: 'La operación de ', match: false },
      { text: 'María', match: true },
      { text: ' salió bien.', match: false },
    ])
    expect(fold('Ñandú ÉCOLE')).toBe('nandu ecole')
  })
})
