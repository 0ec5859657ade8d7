import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { intentionFeedRootKey } from '@/features/prayer-wall/api/get-intention-feed'
import { findIntention } from '@/features/prayer-wall/api/intention-cache'
import { anIntention } from '@/testing/intention-fixtures'
import type { OutboxEntry, OutboxWrite } from '@contract/outbox-entry'
import { applyPendingWrites } from './pending-overlay'

const entry = (write: OutboxWrite): OutboxEntry => ({
  id: crypto.randomUUID(),
  key: crypto.randomUUID(),
  target: '',
  write,
  createdAt: 0,
  attempts: 0,
  lastError: null,
  retryAt: null,
})

describe('pending writes over freshly loaded data', () => {
  it('shows queued end states on the server’s older copy, and patches nothing twice', () => {
    const queryClient = new QueryClient()
    const card = anIntention({
      intention_id: 'p1',
      said_amen: false,
      amen_count: 2,
      lighted_candle: true,
      candle_count: 1,
      has_prayed: false,
      prayed_count: 4,
    })
    // As a reload offline reads it: the state before the member's offline responses.
    queryClient.setQueryData([...intentionFeedRootKey, 'wall'], {
      pages: [{ items: [card], next_cursor: null }],
      pageParams: [null],
    })
    const queue = [
      entry({ kind: 'intention-reaction', intentionId: 'p1', reaction: 'amen', active: true }),
      entry({ kind: 'intention-reaction', intentionId: 'p1', reaction: 'candle', active: false }),
      entry({ kind: 'pray', intentionId: 'p1' }),
    ]
    applyPendingWrites(queryClient, queue)
    applyPendingWrites(queryClient, queue)
    expect(findIntention(queryClient, 'p1')).toMatchObject({
      said_amen: true,
      amen_count: 3,
      lighted_candle: false,
      candle_count: 0,
      has_prayed: true,
      prayed_count: 5,
    })
  })
})
