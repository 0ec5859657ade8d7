import type { ModerationTargetType, PublishHoldReason } from '@contract/moderation'
import { REPORT_CATEGORY_LABELS, type ReportCategory } from '@contract/reports'
import { ApiError, NetworkError } from '@/lib/api-client'
import { formatDateTime as formatDateAndTime, formatDay } from '@/lib/date-formats'

export const TARGET_LABELS: Record<ModerationTargetType, string> = {
  intention: 'Prayer',
  comment: 'Comment',
  testimony: 'Testimony',
  room: 'Prayer room',
}

/** Issue 38: a post the community's publish rule held until a moderator approves it. */
export const WAITING_FOR_REVIEW = 'Waiting for review'

export const WAITING_REASONS: Record<PublishHoldReason, string> = {
  first_post: 'One of a new member’s first posts: nobody else sees it until it is approved.',
  review: 'Every public post is reviewed first: nobody else sees it until it is approved.',
}

/** The report dialog's category name without its examples ("Spam or irrelevant"). */
export function categoryLabel(category: ReportCategory): string {
  const label = REPORT_CATEGORY_LABELS[category]
  return label.split(':')[0] ?? label
}

export function formatDateTime(timestamp: string): string {
  return formatDateAndTime(new Date(timestamp))
}

export function formatDate(timestamp: string): string {
  return formatDay(new Date(timestamp))
}

/** A refused or failed moderation call, in words: the server's own detail when it gave one. */
export function actionErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return 'The server could not be reached. Please try again.'
  if (error instanceof ApiError && error.status >= 400 && error.detail) return error.detail
  return 'Something went wrong. Please try again.'
}
