import type { OutboxWrite } from '@contract/outbox-entry'
import { t } from '@/i18n/i18n'

/** One line per saved write, for the list a member sees before signing out deletes them. */
export function describeWrite(write: OutboxWrite): string {
  switch (write.kind) {
    case 'pray':
      return t('Prayed for a prayer request')
    case 'intention-reaction':
      if (write.reaction === 'amen')
        return t(
          write.active ? 'Amen on a prayer request' : 'Amen taken back from a prayer request',
        )
      return t(
        write.active ? 'Candle lit for a prayer request' : 'Candle put out on a prayer request',
      )
    case 'comment-reaction': {
      if (write.reaction === 'like')
        return t(write.active ? 'Like on a comment' : 'Like taken back from a comment')
      return t(write.active ? 'Amen on a comment' : 'Amen taken back from a comment')
    }
    case 'testimony-amen':
      return t(write.active ? 'Amen on a testimony' : 'Amen taken back from a testimony')
    case 'comment':
      return t('Comment: “{content}”', { content: write.content })
    case 'intention':
      return t('Prayer request: “{title}”', { title: write.body.title })
  }
}
