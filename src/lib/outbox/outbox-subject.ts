import type { OutboxWrite } from '@contract/outbox-entry'

/** The intention, comment or testimony a write belongs to, for "pending" marks on cards. */
export function subjectOf(write: OutboxWrite): string | null {
  switch (write.kind) {
    case 'pray':
    case 'intention-reaction':
    case 'comment':
      return `intention:${write.intentionId}`
    case 'comment-reaction':
      return `comment:${write.commentId}`
    case 'testimony-amen':
      return `testimony:${write.testimonyId}`
    case 'intention':
      return null
  }
}
