import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppWorkbox } from './service-worker-updates'

const workboxCalls = vi.hoisted(() => [] as unknown[][])
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(...args: unknown[]) {
      workboxCalls.push(args)
    }
  },
}))

// A dev build must never register the worker: it would serve stale precached code to the dev.
describe('createAppWorkbox', () => {
  afterEach(() => {
    workboxCalls.length = 0
    vi.unstubAllEnvs()
    vi.unstubAllGlobals()
  })

  it('registers nothing outside a production build', () => {
    vi.stubEnv('PROD', false)
    vi.stubGlobal('navigator', { serviceWorker: {} })
    expect(createAppWorkbox()).toBeNull()
    expect(workboxCalls).toEqual([])
  })

  it('registers nothing where the browser has no service workers', () => {
    vi.stubEnv('PROD', true)
    vi.stubGlobal('navigator', {})
    expect(createAppWorkbox()).toBeNull()
    expect(workboxCalls).toEqual([])
  })

  it('registers /sw.js for the whole app in a production build', () => {
    vi.stubEnv('PROD', true)
    vi.stubGlobal('navigator', { serviceWorker: {} })
    expect(createAppWorkbox()).not.toBeNull()
    expect(workboxCalls).toEqual([['/sw.js', { scope: '/' }]])
  })
})
