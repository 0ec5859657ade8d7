import { afterAll, afterEach, beforeAll } from 'vitest'
import { createTestDatabase } from '../../../tests/helpers/test-db'
import type { DatabaseHandle } from '../../db/client'
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '../dispatcher'
import type { DomainEvent } from '../domain-events'
import { domainEventsTable } from '../events.table'
import { capturedLog } from './events-harness'

/**
 * The dispatcher's tests' world: a per-file database (`world.database`, set in beforeAll),
 * dispatchers stopped and events deleted after each test, and subscribers that count.
 */
export function useDispatcherDatabase() {
  const world = {} as { database: DatabaseHandle }
  const running: Dispatcher[] = []

  beforeAll(async () => {
    world.database = await createTestDatabase()
  })
  afterEach(async () => {
    for (const dispatcher of running.splice(0)) await dispatcher.stop()
    await world.database.db.delete(domainEventsTable)
  })
  afterAll(() => world.database.close())

  function dispatcher(options: Partial<DispatcherOptions> = {}) {
    const { log, lines } = capturedLog()
    const created = createDispatcher({
      db: world.database.db,
      log,
      retryDelaysMs: [0, 0],
      ...options,
    })
    running.push(created)
    return { dispatcher: created, lines }
  }

  return { world, dispatcher, counting }
}

function counting(
  name: string,
  fail: (event: DomainEvent<'SessionEnded'>, attempt: number) => boolean = () => false,
) {
  const seen: string[] = []
  const attempts = new Map<string, number>()
  return {
    seen,
    subscriber: {
      name,
      on: {
        SessionEnded: async (event: DomainEvent<'SessionEnded'>) => {
          const attempt = (attempts.get(event.id) ?? 0) + 1
          attempts.set(event.id, attempt)
          if (fail(event, attempt)) throw new Error(`${name} failed for ${event.payload.userId}`)
          seen.push(event.payload.userId)
        },
      },
    },
  }
}
