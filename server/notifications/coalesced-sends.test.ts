import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { coalescedSends, type CoalescedSends } from './coalesced-sends'

// Issue 45: a key's sends at most once per window, the first at once, the last always.

let sends: CoalescedSends
const sent: string[] = []
const failed: string[] = []
const open = (
  windowMs = 250,
  send: (key: string) => Promise<void> = async (key) => void sent.push(key),
) => {
  sends = coalescedSends({ windowMs, send, onError: (key) => failed.push(key) })
}

beforeEach(() => {
  vi.useFakeTimers()
  sent.length = 0
  failed.length = 0
})
afterEach(async () => {
  await sends.close()
  vi.useRealTimers()
})

describe('coalesced sends', () => {
  it('sends at once in an idle window, once more at its end, and nothing when quiet', async () => {
    open()
    await sends.request('a')
    expect(sent).toEqual(['a'])
    for (let call = 0; call < 9; call += 1) await sends.request('a')
    expect(sent).toEqual(['a'])
    await vi.advanceTimersByTimeAsync(250)
    expect(sent).toEqual(['a', 'a'])
    // The trailing send opened a window of its own, in which nothing came.
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent).toEqual(['a', 'a'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('keeps each key to its own window', async () => {
    open()
    await sends.request('a')
    await sends.request('b')
    await sends.request('a')
    expect(sent).toEqual(['a', 'b'])
    await vi.advanceTimersByTimeAsync(250)
    expect(sent).toEqual(['a', 'b', 'a'])
  })

  it('sends one after another, so a slow send is never overtaken', async () => {
    const done: (() => void)[] = []
    const started: string[] = []
    open(250, (key) => {
      started.push(key)
      return new Promise<void>((resolve) => done.push(resolve))
    })
    const leading = sends.request('a')
    await sends.request('a')
    await vi.advanceTimersByTimeAsync(250)
    // The window ended with the first still on its way: the second waits for it.
    expect(started).toEqual(['a'])
    done.shift()!()
    await leading
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual(['a', 'a'])
    done.shift()!()
  })

  it('fails the request of a leading send, and reports a trailing one', async () => {
    let fail = true
    open(250, async (key) => {
      if (fail) throw new Error('down')
      sent.push(key)
    })
    await expect(sends.request('a')).rejects.toThrow('down')
    await sends.request('a')
    await vi.advanceTimersByTimeAsync(250)
    expect(failed).toEqual(['a'])
    fail = false
    await vi.advanceTimersByTimeAsync(250)
    await sends.request('a')
    expect(sent).toEqual(['a'])
  })

  it('sends what was due on close, clears its timers, and nothing after', async () => {
    open()
    await sends.request('a')
    await sends.request('a')
    await sends.request('b')
    await sends.close()
    expect(sent).toEqual(['a', 'b', 'a'])
    expect(vi.getTimerCount()).toBe(0)
    await sends.request('a')
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent).toEqual(['a', 'b', 'a'])
  })

  it('with a window of 0, sends every request', async () => {
    open(0)
    await sends.request('a')
    await sends.request('a')
    expect(sent).toEqual(['a', 'a'])
    expect(vi.getTimerCount()).toBe(0)
  })
})
