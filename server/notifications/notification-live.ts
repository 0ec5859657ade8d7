import { sql, type SQL } from 'drizzle-orm'
import { commentRemoved } from '../comments/comment-reads'
import { intentionRemoved } from '../intentions/intention-reads'
import { testimonyRemoved } from '../testimonies/testimony-reads'
import { notificationsTable as n } from './notifications.table'

// Removed content leaves notifications too (issue 8): a notification about a removed prayer,
// testimony or comment is not listed, counted nor folded; a restore brings it back.
export function aboutLiveContent(): SQL {
  return sql`not ${intentionRemoved(n.sourceIntentionId)}
    and not ${testimonyRemoved(n.sourceTestimonyId)}
    and not ${commentRemoved(sql`${n.data}->>'commentId'`)}`
}
