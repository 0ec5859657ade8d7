import { callOf } from '@contract/outbox-calls'
import { syncItemOf } from '@contract/sync'
import type { OutboxWrite } from '@contract/outbox-entry'

/**
 * The prayer or testimony a write belongs to, as the server's sync call groups them: a later
 * write on the same item never overtakes an earlier one that is still waiting.
 */
export function itemOf(write: OutboxWrite, entryId: string): string {
  return syncItemOf(callOf(write).path) ?? `entry:${entryId}`
}
