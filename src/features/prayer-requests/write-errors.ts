import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { ErrorCode } from '@contract/errors'
import { t, translateText } from '@/i18n/i18n'
import { ApiError, NetworkError } from '@/lib/api-client'

// Spec 001 §8, one function per write: each maps a failure to the exact words the member sees,
// in their language when it is worded (the callers render it, and re-render on a switch): the
// app's own through t(), the contract's and the server's through translateText.

const REMOVED = 'This prayer may have been removed.'

/**
 * The creation alert: the fixed sentence plus the server's text, or the exception line when no
 * usable answer came (network failure, an answer that is not what the server sends).
 */
export function createErrorLines(error: unknown): { title: string; detail: string | null } {
  if (error instanceof ApiError && error.code !== 'invalid_response') {
    if (error.status === 422) return { title: translateText(CONTENT_POLICY_MESSAGE), detail: null }
    return {
      title: t('Could not submit your prayer request. Please try again.'),
      detail: error.detail ? translateText(error.detail) : null,
    }
  }
  return { title: t('An error occurred while submitting your request.'), detail: null }
}

// Issue 8: a suspended member is told so, with the end date the server words, not "no permission".
function suspension(error: unknown): string | null {
  return error instanceof ApiError && error.code === ErrorCode.suspended
    ? translateText(error.detail)
    : null
}

export function editErrorMessage(error: unknown): string {
  const suspended = suspension(error)
  if (suspended) return suspended
  if (error instanceof ApiError) {
    if (error.status === 409)
      return t('This post was updated in the meantime. Review latest content and try again.')
    if (error.status === 401 || error.status === 403)
      return t("You don't have permission to edit this.")
    if (error.status === 404) return t(REMOVED)
    if (error.status === 422) return translateText(CONTENT_POLICY_MESSAGE)
  }
  return t('Failed to save changes (prayer request)')
}

export function deleteErrorMessage(error: unknown): string {
  const suspended = suspension(error)
  if (suspended) return suspended
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403)
      return t("You don't have permission to delete this.")
    if (error.status === 404) return t(REMOVED)
  }
  return t('Failed to delete.')
}

// A problem-details answer carries the server's detail; anything else (a proxy's page) only has
// its status text, which api-client keeps as the detail under an `http_<status>` code.
export function statusErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 422 && error.code === 'content_policy')
      return translateText(CONTENT_POLICY_MESSAGE)
    if (error.code === `http_${error.status}`)
      return t('Failed to update status (with reason)', { reason: error.detail })
    return translateText(error.detail)
  }
  return t('Failed to update status (with reason)', {
    reason: t(error instanceof NetworkError ? 'Network error (status)' : 'Unknown error (status)'),
  })
}

/** Issue 20, posting a prayer update: the server's own words where it gave some. */
export function prayerUpdateErrorMessage(error: unknown): string {
  const suspended = suspension(error)
  if (suspended) return suspended
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.contentPolicy) return translateText(CONTENT_POLICY_MESSAGE)
    if (error.status === 404) return t(REMOVED)
    if (error.code === `http_${error.status}`)
      return t('Failed to post the update (with reason)', { reason: error.detail })
    return translateText(error.detail)
  }
  if (error instanceof NetworkError)
    return t(
      'Your update could not be sent: you seem to be offline. It is kept here; post it when you are back online.',
    )
  return t('Failed to post the update.')
}
