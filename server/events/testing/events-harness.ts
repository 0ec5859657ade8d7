import { Writable } from 'node:stream'
import pino from 'pino'
import type { Database } from '../../db/client'
import type { DomainEventInput } from '../domain-events'
import { recordEvent } from '../record-event'

/** A pino logger whose lines the test reads back. */
export function capturedLog() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
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
