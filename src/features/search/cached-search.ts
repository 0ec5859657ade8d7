import { IntentionSchema } from '@contract/intentions'
import type { ExcerptPart, SearchResult, SearchScope } from '@contract/search'
import { TestimonySchema } from '@contract/testimonies'
import type { QueryClient } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'

// Offline (issue 43): search the cards already on the device, in react-query's cache (restored
// from the persisted feeds). Simpler than the server's matching: every word must appear, accents
// and case aside; `-word` leaves out, a quoted phrase must appear as typed.

/** Lower case without accents, one character for one, so positions match the original. */
export function fold(text: string): string {
  return Array.from(text, (char) => {
    const folded = char.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
    return folded.length === char.length ? folded : char.toLowerCase()
  }).join('')
}

interface Terms {
  wanted: string[]
  unwanted: string[]
}

function termsOf(query: string): Terms {
  const wanted: string[] = []
  const unwanted: string[] = []
  const pattern = /(-?)"([^"]*)"?|(-?)(\S+)/g
  for (const match of fold(query).matchAll(pattern)) {
    const [, phraseNot, phrase, wordNot, word] = match
    const text = (phrase ?? word ?? '').trim()
    if (!text || text === '-') continue
    ;(phraseNot || wordNot ? unwanted : wanted).push(text)
  }
  return { wanted, unwanted }
}

function matches(text: string, terms: Terms): boolean {
  const folded = fold(text)
  return (
    terms.wanted.length > 0 &&
    terms.wanted.every((term) => folded.includes(term)) &&
    !terms.unwanted.some((term) => folded.includes(term))
  )
}

const EXCERPT_LENGTH = 160

/** Up to 160 characters from just before the first wanted term, the terms marked. */
export function excerptOf(text: string, wanted: readonly string[]): ExcerptPart[] {
  const folded = fold(text)
  const first = Math.min(...wanted.map((term) => folded.indexOf(term)).filter((at) => at >= 0))
  const start = Number.isFinite(first) ? Math.max(0, first - 40) : 0
  const end = Math.min(text.length, start + EXCERPT_LENGTH)
  const marks = new Array<boolean>(text.length).fill(false)
  for (const term of wanted) {
    for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + term.length)) {
      marks.fill(true, at, at + term.length)
    }
  }
  const parts: ExcerptPart[] = []
  for (let index = start; index < end; index += 1) {
    const match = marks[index]!
    const last = parts.at(-1)
    if (last && last.match === match) last.text += text[index]
    else parts.push({ text: text[index]!, match })
  }
  if (start > 0) parts.unshift({ text: '… ', match: false })
  if (end < text.length) parts.push({ text: ' …', match: false })
  return parts
}

/** Every card object anywhere in the cached answers (feeds, pages, lists), once each. */
function cachedCards(queryClient: QueryClient): SearchResult[] {
  const found = new Map<string, SearchResult>()
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') return
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1)
      return
    }
    if ('intention_id' in value && 'details' in value) {
      const parsed = safeParse(IntentionSchema, value)
      if (parsed.success && !found.has(parsed.data.intention_id)) {
        found.set(parsed.data.intention_id, {
          type: 'intention',
          intention: parsed.data,
          excerpt: [],
        })
        return
      }
    }
    if ('testimony_id' in value && 'text' in value) {
      const parsed = safeParse(TestimonySchema, value)
      if (parsed.success && !found.has(parsed.data.testimony_id)) {
        found.set(parsed.data.testimony_id, {
          type: 'testimony',
          testimony: parsed.data,
          excerpt: [],
        })
        return
      }
    }
    for (const inner of Object.values(value)) visit(inner, depth + 1)
  }
  for (const query of queryClient.getQueryCache().getAll()) {
    // Search's own answers are not cards of the device's feeds.
    if (query.queryKey[0] !== 'search') visit(query.state.data, 0)
  }
  return [...found.values()]
}

function inScope(result: SearchResult, scope: SearchScope): boolean {
  if (scope === 'wall' || scope === 'prayer-list') return result.type === 'intention'
  if (scope === 'testimonies') return result.type === 'testimony'
  if (scope === 'mine') {
    return result.type === 'intention' ? result.intention.is_mine : result.testimony.is_mine
  }
  return true
}

/**
 * The cached cards matching `query`, newest first. `prayer-list` offline is every cached
 * request: which of them are on the list is the server's to say.
 */
export function searchCachedCards(
  queryClient: QueryClient,
  query: string,
  scope: SearchScope,
): SearchResult[] {
  const terms = termsOf(query)
  const createdAt = (result: SearchResult) =>
    result.type === 'intention' ? result.intention.created_at : result.testimony.created_at
  return cachedCards(queryClient)
    .filter((result) => inScope(result, scope))
    .flatMap((result): SearchResult[] => {
      if (result.type === 'intention') {
        const { title, details, tags } = result.intention
        if (!matches(`${title}\n${details}\n${tags.join(' ')}`, terms)) return []
        return [{ ...result, excerpt: excerptOf(details, terms.wanted) }]
      }
      const { title, text, category_tags: tags } = result.testimony
      if (!matches(`${title}\n${text}\n${tags.join(' ')}`, terms)) return []
      return [{ ...result, excerpt: excerptOf(text, terms.wanted) }]
    })
    .sort((a, b) => createdAt(b).localeCompare(createdAt(a)))
}
