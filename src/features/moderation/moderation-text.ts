import type { ModerationTargetType, PublishHoldReason } from '@contract/moderation'
import type { ReportCategory } from '@contract/reports'
import type { Language } from '@contract/languages'
import { t, translateText, type MessageId } from '@/i18n/i18n'
import { ApiError, NetworkError } from '@/lib/api-client'

// Message ids, translated at render (t(id)), so a language switch re-renders them.
export const TARGET_LABELS: Record<ModerationTargetType, MessageId> = {
  intention: 'Prayer (moderated item)',
  comment: 'Comment (moderated item)',
  testimony: 'Testimony (moderated item)',
  room: 'Prayer room (moderated item)',
}

/** Issue 38: a post the community's publish rule held until a moderator approves it. */
export const WAITING_FOR_REVIEW: MessageId = 'Waiting for review'

export const WAITING_REASONS: Record<PublishHoldReason, MessageId> = {
  first_post: 'One of a new member’s first posts: nobody else sees it until it is approved.',
  review: 'Every public post is reviewed first: nobody else sees it until it is approved.',
}

/** The report dialog's category name without its examples ("Spam or irrelevant"). */
export const CATEGORY_LABELS: Record<ReportCategory, MessageId> = {
  inappropriate: 'Inappropriate or offensive',
  spam: 'Spam or irrelevant',
  sensitive: 'Sensitive or harmful',
  other: 'Other (report category)',
}

// Built once per language: a page's first Intl formatter is costly to make (issue 18).
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(language: Language, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language} ${withTime}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      ...(withTime && { timeStyle: 'short' }),
    })
    formatters.set(key, format)
  }
  return format
}

/** "27 Nov 2026, 08:15" in the member's language. */
export function formatDateTime(timestamp: string, language: Language): string {
  return formatter(language, true).format(new Date(timestamp))
}

/** "27 Nov 2026" in the member's language. */
export function formatDate(timestamp: string, language: Language): string {
  return formatter(language, false).format(new Date(timestamp))
}

/** A refused or failed moderation call, in words: the server's own detail when it gave one. */
export function actionErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return t('The server could not be reached. Please try again.')
  if (error instanceof ApiError && error.status >= 400 && error.detail)
    return translateText(error.detail)
  return t('Something went wrong. Please try again.')
}
