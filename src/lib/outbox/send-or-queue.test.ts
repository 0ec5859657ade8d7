// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxWrite } from '@contract/outbox-entry'
import { clearOutbox, readQueue } from './outbox-store'
import { sendOrQueue } from './send-or-queue'

const amen: OutboxWrite = { kind: 'testimony-amen', testimonyId: 't1', active: true }
const answer = { Added: true, Counts: { Amen: 3 } }

function idempotencyKeyOf(call: unknown[] | undefined): string | null {
  return new Headers((call?.[1] as RequestInit | undefined)?.headers).get('Idempotency-Key')
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn())
})
afterEach(async () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await clearOutbox('ann')
})

describe('sendOrQueue', () => {
  it('sends at once when online and nothing waits for the same target', async () => {
    vi.mocked(fetch).mockResolvedValue(Response.json(answer))
    expect(await sendOrQueue('ann', amen)).toEqual(answer)
    expect(idempotencyKeyOf(vi.mocked(fetch).mock.calls[0])).toMatch(/^[0-9a-f-]{36}$/)
    expect(await readQueue('ann')).toEqual([])
  })

  it('queues without trying when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(await sendOrQueue('ann', amen)).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
    expect((await readQueue('ann')).map((entry) => entry.write)).toEqual([amen])
  })

  it('queues a request that got no answer under the key it was sent with', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await sendOrQueue('ann', amen)).toBeNull()
    const [entry] = await readQueue('ann')
    expect(entry?.key).toBe(idempotencyKeyOf(vi.mocked(fetch).mock.calls[0]))
  })

  it('queues behind a waiting write for the same target instead of overtaking it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await sendOrQueue('ann', amen)
    vi.restoreAllMocks()
    expect(await sendOrQueue('ann', { ...amen, active: false })).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
    expect((await readQueue('ann')).map((entry) => entry.write)).toEqual([
      { ...amen, active: false },
    ])
  })

  it('lets the server’s refusal through to the caller, queueing nothing', async () => {
    vi.mocked(fetch).mockResolvedValue(
      Response.json(
        { status: 423, title: 'closed', detail: 'This prayer is closed.' },
        { status: 423 },
      ),
    )
    await expect(sendOrQueue('ann', amen)).rejects.toMatchObject({ status: 423 })
    expect(await readQueue('ann')).toEqual([])
  })
})
