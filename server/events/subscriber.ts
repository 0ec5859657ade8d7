import type { DomainEvent, DomainEventType } from './domain-events'

/**
 * A capability that reacts to events after their write committed. `name` is stored with each
 * delivery, so keep it stable; every server process must register the same subscribers.
 * A handler may run more than once for one event (at-least-once delivery): it must leave the
 * same result when repeated (a dedupe key, an upsert, a re-read of current state).
 */
export interface Subscriber {
  name: string
  /**
   * False: this process records and fans out the subscriber's deliveries but leaves them to the
   * processes where it is true (Web Push: only a process hosting the hub knows a member's live
   * tabs). Default true; at least one process must deliver it.
   */
  deliveredHere?: boolean
  on: { [T in DomainEventType]?: (event: DomainEvent<T>) => Promise<void> }
}

export function handlerFor(subscriber: Subscriber, event: DomainEvent) {
  const handler = subscriber.on[event.type] as ((event: DomainEvent) => Promise<void>) | undefined
  return handler
}

export function subscribersOf(subscribers: readonly Subscriber[], type: DomainEventType) {
  return subscribers.filter((subscriber) => subscriber.on[type] !== undefined)
}
