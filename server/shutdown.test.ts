import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { createTestApp, type TestApp } from '../tests/helpers/test-app'
import { exitOnDatabaseFault } from './shutdown'

// A faulted embedded database (db/pglite-faults.ts) answers nothing more: the process says so
// at fatal level, closes what it can and exits 1, for its supervisor to restart it.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A database whose fault the test raises with `fault`, once exitOnDatabaseFault listens. */
function faultable(close: () => Promise<void>) {
  let listening: ((error: Error) => void) | undefined
  const database = {
    close,
    onFault: (listener: (error: Error) => void) => {
      listening = listener
      return () => {}
    },
  }
  const fault = (error: Error) => {
    expect(listening, 'exitOnDatabaseFault listens for faults').toBeDefined()
    listening!(error)
  }
  return { database, fault }
}

describe('exitOnDatabaseFault', () => {
  it('logs the fault, closes the app and the database, then exits with code 1', async () => {
    const close = vi.fn(async () => {})
    const { database, fault } = faultable(close)
    const logger = { fatal: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger
    const exited = new Promise<number>((resolve) =>
      exitOnDatabaseFault({ app: t.app, database, logger, exit: resolve }),
    )
    const error = new Error('backend faulted')
    fault(error)
    expect(await exited).toBe(1)
    expect(logger.fatal).toHaveBeenCalledWith({ err: error }, expect.stringContaining('faulted'))
    expect(close).toHaveBeenCalledOnce()
    // The app stopped taking requests.
    await expect(t.app.inject({ method: 'GET', url: '/healthz' })).rejects.toThrow()
  })

  it('exits within its bound even when closing hangs', async () => {
    const { database, fault } = faultable(() => new Promise<void>(() => {}))
    const exit = vi.fn()
    exitOnDatabaseFault({
      app: t.app,
      database,
      logger: { fatal: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger,
      exit,
      boundMs: 50,
    })
    fault(new Error('backend faulted'))
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1), { timeout: 2_000 })
  })
})
