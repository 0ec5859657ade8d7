import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { createForeground } from './foreground'

// A clock the test moves; the gate's short polls are real.
function gate(options: { graceMs: number; maxWaitMs: number }) {
  let t = 1_000
  const foreground = createForeground({ ...options, pollMs: 2, now: () => t })
  return { foreground, at: (ms: number) => (t = ms) }
}

function watch(promise: Promise<void>) {
  const state = { done: false }
  void promise.then(() => (state.done = true))
  return state
}

describe('the foreground gate (embedded database: sync batches before subscribers)', () => {
  it('lets the subscribers go at once when no member work has run', async () => {
    const { foreground } = gate({ graceMs: 200, maxWaitMs: 5_000 })
    await expect(foreground.yielded()).resolves.toBeUndefined()
  })

  it('holds them while a batch runs and for the grace after it, then lets them go', async () => {
    const { foreground, at } = gate({ graceMs: 200, maxWaitMs: 5_000 })
    let finish!: () => void
    const batch = foreground.run(
      () => new Promise<string>((resolve) => (finish = () => resolve('answered'))),
    )
    const waiting = watch(foreground.yielded())
    await sleep(20)
    expect(waiting.done).toBe(false)

    at(1_500)
    finish()
    await expect(batch).resolves.toBe('answered')
    await sleep(20)
    expect(waiting.done).toBe(false) // the drain's next batch usually follows within the grace

    at(1_700)
    await sleep(20)
    expect(waiting.done).toBe(true)
  })

  it('never holds them longer than maxWaitMs at a stretch', async () => {
    const { foreground, at } = gate({ graceMs: 200, maxWaitMs: 5_000 })
    void foreground.run(() => new Promise(() => {}))
    const waiting = watch(foreground.yielded())
    await sleep(20)
    expect(waiting.done).toBe(false)
    at(6_000)
    await sleep(20)
    expect(waiting.done).toBe(true)
  })

  it('hands back a failed batch’s error and still opens after the grace', async () => {
    const { foreground, at } = gate({ graceMs: 200, maxWaitMs: 5_000 })
    await expect(foreground.run(() => Promise.reject(new Error('rolled back')))).rejects.toThrow(
      'rolled back',
    )
    const waiting = watch(foreground.yielded())
    await sleep(20)
    expect(waiting.done).toBe(false)
    at(1_200)
    await sleep(20)
    expect(waiting.done).toBe(true)
  })
})
