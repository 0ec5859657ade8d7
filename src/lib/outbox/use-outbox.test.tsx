import 'fake-indexeddb/auto'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { signedInClient } from '@/testing/signed-in-client'
import type { OutboxWrite } from '@contract/outbox-entry'
import { clearOutbox, enqueue, readQueue, removeEntries } from './outbox-store'
import { useIsPending } from './use-outbox'

const amenOn = (intentionId: string): OutboxWrite => ({
  kind: 'intention-reaction',
  intentionId,
  reaction: 'amen',
  active: true,
})

afterEach(() => clearOutbox('ann'))

describe('pending marks', () => {
  it('follow the queue, and a mark re-renders only when its own answer changes', async () => {
    await enqueue('ann', amenOn('p1'), 'k1')
    await enqueue('ann', amenOn('p2'), 'k2')
    const client = signedInClient('ann')
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const renders = { p1: 0, p2: 0, p3: 0 }
    const mark = (id: keyof typeof renders) =>
      renderHook(
        () => {
          renders[id] += 1
          return useIsPending(`intention:${id}`)
        },
        { wrapper },
      )
    const [p1, p2, p3] = [mark('p1'), mark('p2'), mark('p3')]
    await waitFor(() => expect(p1.result.current && p2.result.current).toBe(true))
    expect(p3.result.current).toBe(false)
    const before = { ...renders }

    const [first] = await readQueue('ann')
    await act(() => removeEntries('ann', [first!]))
    await waitFor(() => expect(p1.result.current).toBe(false))

    expect(p2.result.current).toBe(true)
    expect(renders.p1).toBeGreaterThan(before.p1)
    expect(renders.p2).toBe(before.p2)
    expect(renders.p3).toBe(before.p3)
  })
})
