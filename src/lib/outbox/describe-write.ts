import type { OutboxWrite } from '@contract/outbox-entry'

/** One line per saved write, for the list a member sees before signing out deletes them. */
export function describeWrite(write: OutboxWrite): string {
  switch (write.kind) {
    case 'pray':
      return 'Prayed for a prayer request'
    case 'intention-reaction':
      if (write.reaction === 'amen')
        return write.active ? 'Amen on a prayer request' : 'Amen taken back from a prayer request'
      return write.active ? 'Candle lit for a prayer request' : 'Candle put out on a prayer request'
    case 'comment-reaction': {
      const what = write.reaction === 'like' ? 'Like' : 'Amen'
      return write.active ? `${what} on a comment` : `${what} taken back from a comment`
    }
    case 'testimony-amen':
      return write.active ? 'Amen on a testimony' : 'Amen taken back from a testimony'
    case 'comment':
      return `Comment: “${write.content}”`
    case 'intention':
      return `Prayer request: “${write.body.title}”`
  }
}
