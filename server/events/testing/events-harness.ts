import pino from 'pino'
import { guardedDestination } from '../../../tests/helpers/logged-errors'
import type { Database } from '../../db/client'
import type { DomainEventInput } from '../domain-events'
import { recordEvent } from '../record-event'

/**
 * A pino logger whose lines the test reads back; its errors fail the test unless it expects
 * them (tests/helpers/logged-errors.ts), as the app's dispatcher's do.
 */
export function capturedLog() {
  const lines: Record<string, unknown>[] = []
  const stream = guardedDestination('events', (line) => lines.push(line))
  return { log: pino({ level: 'info' }, stream), lines }
}

/** Records one event in its own transaction, as a service's write would. */
export function record(db: Database, event: DomainEventInput) {
  return db.transaction((tx) => recordEvent(tx, event, { occurredAt: new Date() }))
}

export const ACTOR = { userId: '00000000-0000-7000-8000-000000000001', displayName: 'Gentle Lamb' }

export function sessionEnded(userId: string): DomainEventInput {
  return { type: 'SessionEnded', payload: { userId } }
}

/** `db` with the calls made through it (execute, select, insert…) counted by their name. */
export function counted(db: Database) {
  const calls: string[] = []
  const spy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.push(String(property))
        return (value as (...inner: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { spy, calls }
}
