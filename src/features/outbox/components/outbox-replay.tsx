import type { OutboxEntry } from '@contract/outbox-entry'
import { useOutboxUser } from '@/lib/outbox/use-outbox'
import { useOutboxReplay } from '../hooks/use-outbox-replay'

/** Keeps the signed-in member's outbox replaying; renders nothing. */
export function OutboxReplay({ onReplayed }: { onReplayed: (entries: OutboxEntry[]) => void }) {
  useOutboxReplay(useOutboxUser(), onReplayed)
  return null
}
