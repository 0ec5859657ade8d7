import type { IntentionFeedResponse } from '@contract/intentions'
import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { NotificationListData } from '@/features/notifications/api/get-notifications'
import { aNotification } from '@/features/notifications/notification-fixtures'
import { anIntention } from '@/testing/intention-fixtures'
import { listKey, listOf, settle, setUpHub, unreadKey } from './hub-wiring.fixture'

// Each hub event's effect on the query cache (notifications, counts, removals), and which
// intentions on screen the client asks the server to watch.

const hub = setUpHub()

describe('hub client: server events', () => {
  it('NewNotification goes on top of the list and counts as unread; a repeat of the same id replaces it', async () => {
    const older = aNotification({ readAt: new Date().toISOString() })
    hub.queryClient.setQueryData(listKey, listOf([older]))
    hub.queryClient.setQueryData(unreadKey, 0)
    hub.signIn()
    hub.connect()
    await settle()

    const bundle = aNotification({
      type: 'PrayerBundle',
      title: '2 people prayed for your intention',
    })
    hub.latest().emit('NewNotification', bundle)
    expect(hub.listedIds()).toEqual([bundle.notificationId, older.notificationId])
    expect(hub.queryClient.getQueryData(unreadKey)).toBe(1)

    // The bundle's count changes: the same row comes again, still unread.
    hub.latest().emit('NewNotification', { ...bundle, title: '3 people prayed for your intention' })
    expect(hub.listedIds()).toEqual([bundle.notificationId, older.notificationId])
    expect(hub.queryClient.getQueryData(unreadKey)).toBe(1)
    const first = hub.queryClient.getQueryData<NotificationListData>(listKey)?.pages[0]?.items[0]
    expect(first?.title).toBe('3 people prayed for your intention')
  })

  it('a read of the list that started before a NewNotification lands without it: the new one stays on top', async () => {
    const older = aNotification({ readAt: new Date().toISOString() })
    hub.signIn()
    hub.connect()
    await settle()

    // The first load (or the catch-up) is on its way when the push arrives.
    let answer: (data: NotificationListData['pages'][number]) => void = () => {}
    const reading = hub.queryClient.fetchInfiniteQuery({
      queryKey: listKey,
      queryFn: () =>
        new Promise<NotificationListData['pages'][number]>((resolve) => (answer = resolve)),
      initialPageParam: null as string | null,
      getNextPageParam: () => null,
      staleTime: 0,
    })
    const pushed = aNotification({ type: 'PrayerReaction' })
    hub.latest().emit('NewNotification', pushed)
    answer(listOf([older]).pages[0]!)
    await reading
    await settle()
    expect(hub.listedIds()).toEqual([pushed.notificationId, older.notificationId])
  })

  it('keeps a notification of a type this client does not know', async () => {
    hub.queryClient.setQueryData(listKey, listOf([]))
    hub.signIn()
    hub.connect()
    await settle()

    const removed = aNotification({
      type: 'ContentRemoved',
      title: 'A moderator removed your comment',
    })
    hub.latest().emit('NewNotification', removed)
    expect(hub.listedIds()).toEqual([removed.notificationId])
  })

  it('a removal of the member’s post makes the wall, threads and stories read again, not drafts', async () => {
    const thread = ['comments', 'i1', 'thread']
    const draft = ['comments', 'i1', 'draft']
    for (const key of [['intentions', 'feed', 'public'], ['testimonies', 'feed'], thread, draft])
      hub.queryClient.setQueryData(key, { kept: true })
    hub.signIn()
    hub.connect()
    await settle()

    hub.latest().emit('NewNotification', aNotification({ type: 'PrayerReaction' }))
    expect(hub.queryClient.getQueryState(thread)?.isInvalidated).toBe(false)

    hub.latest().emit('NewNotification', aNotification({ type: 'ContentRemoved' }))
    expect(hub.queryClient.getQueryState(['intentions', 'feed', 'public'])?.isInvalidated).toBe(
      true,
    )
    expect(hub.queryClient.getQueryState(['testimonies', 'feed'])?.isInvalidated).toBe(true)
    expect(hub.queryClient.getQueryState(thread)?.isInvalidated).toBe(true)
    expect(hub.queryClient.getQueryState(draft)?.isInvalidated).toBe(false)
  })

  it('UnreadCountUpdate sets the count; CounterUpdate patches the counts of that intention', async () => {
    const watched = anIntention({ prayed_count: 1, amen_count: 2, comments_count: 0 })
    const other = anIntention({ prayed_count: 7 })
    const unsubscribe = hub.showFeed('wall', [{ items: [watched, other], next_cursor: null }])
    hub.signIn()
    hub.connect()
    await settle()

    hub.latest().emit('UnreadCountUpdate', { unreadCount: 4 })
    expect(hub.queryClient.getQueryData(unreadKey)).toBe(4)

    // A read of the count that started before the push lands after it: the push's count stays.
    let answer: (count: number) => void = () => {}
    const stale = hub.queryClient.fetchQuery({
      queryKey: unreadKey,
      queryFn: () => new Promise<number>((resolve) => (answer = resolve)),
      staleTime: 0,
    })
    hub.latest().emit('UnreadCountUpdate', { unreadCount: 5 })
    answer(0)
    await stale.catch(() => undefined)
    await settle()
    expect(hub.queryClient.getQueryData(unreadKey)).toBe(5)

    hub.latest().emit('CounterUpdate', {
      intentionId: watched.intention_id,
      prayed_count: 5,
      comments_count: 1,
    })
    const feed = hub.queryClient.getQueryData<InfiniteData<IntentionFeedResponse>>([
      'intentions',
      'feed',
      'wall',
    ])
    const [patched, untouched] = feed?.pages[0]?.items ?? []
    expect(patched).toMatchObject({ prayed_count: 5, amen_count: 2, comments_count: 1 })
    expect(untouched).toMatchObject({ prayed_count: 7 })
    unsubscribe()
  })

  it('IntentionRemoved drops that intention from the feed on screen (issue 40)', async () => {
    const gone = anIntention()
    const kept = anIntention()
    const unsubscribe = hub.showFeed('wall', [{ items: [gone, kept], next_cursor: null }])
    hub.signIn()
    hub.connect()
    await settle()
    hub.latest().emit('IntentionRemoved', { intentionId: gone.intention_id })
    const feed = hub.queryClient.getQueryData<InfiniteData<IntentionFeedResponse>>([
      'intentions',
      'feed',
      'wall',
    ])
    expect(feed?.pages[0]?.items.map((item) => item.intention_id)).toEqual([kept.intention_id])
    unsubscribe()
  })

  it('watches the intentions on screen, only the new ones as pages arrive, and unwatches what leaves', async () => {
    const [a, b, c] = [anIntention(), anIntention(), anIntention()]
    const unsubscribe = hub.showFeed('wall', [{ items: [a, b], next_cursor: 'next' }])
    hub.showFeed('answered', [{ items: [anIntention()], next_cursor: null }])() // cached but not shown
    hub.signIn()
    hub.connect()
    await settle()
    const connection = hub.latest()
    expect(connection.watchCalls()).toEqual([[a.intention_id, b.intention_id]])

    hub.queryClient.setQueryData<InfiniteData<IntentionFeedResponse>>(
      ['intentions', 'feed', 'wall'],
      (data) => ({
        pages: [...(data?.pages ?? []), { items: [c], next_cursor: null }],
        pageParams: [...(data?.pageParams ?? []), 'next'],
      }),
    )
    await settle()
    expect(connection.watchCalls()).toEqual([[a.intention_id, b.intention_id], [c.intention_id]])

    unsubscribe()
    await settle()
    expect(connection.watchCalls('UnwatchIntentions')).toEqual([
      [a.intention_id, b.intention_id, c.intention_id],
    ])
  })
})
