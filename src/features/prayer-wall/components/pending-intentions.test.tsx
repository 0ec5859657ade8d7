import 'fake-indexeddb/auto'
import { ErrorCode } from '@contract/errors'
import type { CreateIntentionInput } from '@contract/intentions'
import { WRITE_LIMIT_MESSAGES } from '@contract/write-limits'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { clearOutbox, enqueue, readQueue } from '@/lib/outbox/outbox-store'
import { replayOutbox } from '@/lib/outbox/replay-outbox'
import { FEED, openWall, page } from './open-wall.fixture'

const asked = (
  title: string,
  destination: 'public_wall' | 'private_group',
): CreateIntentionInput => ({
  title,
  details: 'Written on the train with no signal, to be posted as soon as the phone is back online.',
  destination,
  group_id: destination === 'private_group' ? 'g1' : null,
  identity_mode: 'display_name',
  tags: [],
})

const waitingList = () => screen.findByRole('list', { name: 'Prayer requests waiting to be sent' })

// Offline, as when a member asks: online, the outbox would replay them at once.
beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
})
afterEach(async () => {
  vi.restoreAllMocks()
  await clearOutbox('me')
})

describe('Prayer Wall: requests asked for offline (DESIGN §6)', () => {
  it('shows each waiting request, marked Pending, until the replay has sent it', async () => {
    await enqueue(
      'me',
      { kind: 'intention', body: asked('For my sister’s new job', 'public_wall') },
      'k1',
    )
    openWall('/prayerwall', { [FEED]: page([]) })
    const list = await waitingList()
    const [request] = within(list).getAllByRole('listitem')
    expect(request).toHaveTextContent('For my sister’s new job')
    expect(request).toHaveTextContent('Written on the train with no signal')
    expect(within(request!).getByText('Pending')).toBeVisible()
    // Not a card of the feed: the one the server answers with replaces it.
    expect(screen.queryByRole('article')).not.toBeInTheDocument()

    // The replay has posted it.
    await clearOutbox('me')
    await waitFor(() =>
      expect(
        screen.queryByRole('list', { name: 'Prayer requests waiting to be sent' }),
      ).not.toBeInTheDocument(),
    )
  })

  it('keeps a request the server will not take yet (its hourly limit, issue 37) and shows why', async () => {
    await enqueue(
      'me',
      { kind: 'intention', body: asked('Asked on the ferry home', 'public_wall') },
      'k1',
    )
    // Back online, the batch answers this entry 429: the member's 30 requests of the hour.
    const limited = new ApiError(429, ErrorCode.writeLimited, WRITE_LIMIT_MESSAGES.intention)
    const replay = await replayOutbox('me', {
      sendBatch: async (entries) => entries.map(() => ({ ok: false as const, error: limited })),
    })
    expect(replay.rejected).toEqual([])
    expect(await readQueue('me', { fresh: true })).toHaveLength(1)

    openWall('/prayerwall', { [FEED]: page([]) })
    const [request] = within(await waitingList()).getAllByRole('listitem')
    expect(request).toHaveTextContent('Asked on the ferry home')
    expect(request).toHaveTextContent(WRITE_LIMIT_MESSAGES.intention)
    expect(within(request!).getByText('Pending')).toBeVisible()
  })

  it('on My Groups shows only the private-group requests, and none under Answered', async () => {
    await enqueue(
      'me',
      { kind: 'intention', body: asked('Public request title here', 'public_wall') },
      'k1',
    )
    await enqueue(
      'me',
      { kind: 'intention', body: asked('Group request title here', 'private_group') },
      'k2',
    )
    const { user } = openWall('/prayerwall?view=groups', { [FEED]: page([]) })
    const list = await waitingList()
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(list).toHaveTextContent('Group request title here')

    await user.click(screen.getByRole('tab', { name: 'Answered' }))
    await screen.findByRole('tab', { name: 'Answered', selected: true })
    expect(
      screen.queryByRole('list', { name: 'Prayer requests waiting to be sent' }),
    ).not.toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Prayer Wall' }))
    await screen.findByRole('tab', { name: 'Prayer Wall', selected: true })
    await waitFor(async () =>
      expect(within(await waitingList()).getAllByRole('listitem')).toHaveLength(2),
    )
  })
})
