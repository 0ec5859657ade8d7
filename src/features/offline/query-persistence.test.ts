// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERSISTED_MAX_AGE_MS, persistMemberQueries, shouldPersistQuery } from './query-persistence'
import { persistedQueriesKey, removePersistedQueries } from './query-storage'

// DESIGN §6: a member's feeds are persisted under their own key, only what they browse is kept,
// and a sign-out leaves nothing behind, even a write the persister had queued.

const feed = {
  pages: [{ items: [{ intention_id: 'i1', title: 'Rest for my mother' }], next_cursor: null }],
  pageParams: [null],
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
const stored = (userId: string) => window.localStorage.getItem(persistedQueriesKey(userId))

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  window.localStorage.clear()
})

describe('what is persisted', () => {
  const success = { status: 'success' } as const
  it.each([
    [['intentions', 'feed', 'wall']],
    [['intentions', 'feed', 'groups']],
    [['comments', 'i1', 'thread']],
    [['testimonies', 'feed']],
    [['testimonies', 'prayer-details', 'i1']],
    [['notifications', 'list']],
    [['groups', 'mine']],
  ])('%j', (queryKey) => {
    expect(shouldPersistQuery({ queryKey, state: success } as never)).toBe(true)
  })

  // Who is signed in always comes from the server; sign-in steps and forms are not content.
  it.each([
    [['session']],
    [['profile', 'me']],
    [['auth', 'identifier', 'ann@example.org']],
    [['onboarding', 'current-user']],
    [['groups', 'g1', 'members']],
    [['prayer-requests', 'tag-suggestions', 'hea']],
    [['comments', 'i1', 'draft']],
  ])('not %j', (queryKey) => {
    expect(shouldPersistQuery({ queryKey, state: success } as never)).toBe(false)
  })

  it('only answers, never a failed or pending query', () => {
    const queryKey = ['intentions', 'feed', 'wall']
    expect(shouldPersistQuery({ queryKey, state: { status: 'error' } } as never)).toBe(false)
    expect(shouldPersistQuery({ queryKey, state: { status: 'pending' } } as never)).toBe(false)
  })
})

describe('persisting one member’s queries', () => {
  it('saves under the member’s own key and restores into a cold client', async () => {
    const client = newClient()
    client.setQueryData(['intentions', 'feed', 'wall'], feed)
    client.setQueryData(['profile', 'me'], { userId: 'ann' })
    const stop = await persistMemberQueries(client, 'ann')
    await vi.advanceTimersByTimeAsync(1_000)
    stop()
    expect(stored('ann')).toContain('Rest for my mother')
    expect(stored('ann')).not.toContain('"profile"')

    const cold = newClient()
    ;(await persistMemberQueries(cold, 'ann'))()
    expect(cold.getQueryData(['intentions', 'feed', 'wall'])).toEqual(feed)
    // Shown until the server answers again, never taken as the server's current word.
    expect(cold.getQueryState(['intentions', 'feed', 'wall'])?.isInvalidated).toBe(true)
  })

  it('another member restores nothing of the first one’s', async () => {
    const client = newClient()
    client.setQueryData(['intentions', 'feed', 'groups'], feed)
    ;(await persistMemberQueries(client, 'ann'))()

    const other = newClient()
    ;(await persistMemberQueries(other, 'bea'))()
    expect(other.getQueryData(['intentions', 'feed', 'groups'])).toBeUndefined()
  })

  it('keeps saving what changes, at most once a second', async () => {
    const client = newClient()
    const stop = await persistMemberQueries(client, 'ann')
    client.setQueryData(['testimonies', 'feed'], {
      pages: [{ items: [{ title: 'Healed' }] }],
      pageParams: [null],
    })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(stored('ann')).toContain('Healed')
    stop()
  })

  it('writes nothing after it stops, not even a save it had queued', async () => {
    const client = newClient()
    const stop = await persistMemberQueries(client, 'ann')
    await vi.advanceTimersByTimeAsync(1_000)
    client.setQueryData(['intentions', 'feed', 'wall'], feed)
    stop()
    removePersistedQueries()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(stored('ann')).toBeNull()
  })

  it('drops saved queries older than a week', async () => {
    const client = newClient()
    client.setQueryData(['intentions', 'feed', 'wall'], feed)
    ;(await persistMemberQueries(client, 'ann'))()
    await vi.advanceTimersByTimeAsync(1_000)
    vi.setSystemTime(Date.now() + PERSISTED_MAX_AGE_MS + 1)

    const cold = newClient()
    ;(await persistMemberQueries(cold, 'ann'))()
    expect(cold.getQueryData(['intentions', 'feed', 'wall'])).toBeUndefined()
  })

  it('drops what it cannot read instead of failing the start', async () => {
    window.localStorage.setItem(persistedQueriesKey('ann'), '{not json')
    const cold = newClient()
    ;(await persistMemberQueries(cold, 'ann'))()
    expect(cold.getQueryCache().getAll()).toEqual([])
  })
})

describe('removing persisted queries', () => {
  it('removes every member’s and nothing else', () => {
    window.localStorage.setItem(persistedQueriesKey('ann'), '{}')
    window.localStorage.setItem(persistedQueriesKey('bea'), '{}')
    window.localStorage.setItem('prayer.drafts.v1', 'keep me')
    removePersistedQueries()
    expect(stored('ann')).toBeNull()
    expect(stored('bea')).toBeNull()
    expect(window.localStorage.getItem('prayer.drafts.v1')).toBe('keep me')
  })
})
