import type { ModerationTargetType } from '@contract/moderation'
import { REPORT_CATEGORY_LABELS, type ReportCategory } from '@contract/reports'
import { ApiError, NetworkError } from '@/lib/api-client'
import { formatDateTime as formatDateAndTime, formatDay } from '@/lib/date-formats'

export const TARGET_LABELS: Record<ModerationTargetType, string> = {
  intention: 'Prayer',
  comment: 'Comment',
  testimony: 'Testimony',
  room: 'Prayer room',
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
