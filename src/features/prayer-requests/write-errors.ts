import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { ErrorCode } from '@contract/errors'
import { ApiError, NetworkError } from '@/lib/api-client'

// Spec 001 §8, one function per write: each maps a failure to the exact words the member sees.

export const CREATE_FAILED = 'Could not submit your prayer request. Please try again.'
export const CREATE_EXCEPTION = 'An error occurred while submitting your request.'
export const EDIT_CONFLICT =
  'This post was updated in the meantime. Review latest content and try again.'
export const REMOVED = 'This prayer may have been removed.'

/**
 * The creation alert: the fixed sentence plus the server's text, or the exception line when no
 * usable answer came (network failure, an answer that is not what the server sends).
 */
export function createErrorLines(error: unknown): { title: string; detail: string | null } {
  if (error instanceof ApiError && error.code !== 'invalid_response') {
    if (error.status === 422) return { title: CONTENT_POLICY_MESSAGE, detail: null }
    return { title: CREATE_FAILED, detail: error.detail || null }
  }
  return { title: CREATE_EXCEPTION, detail: null }
}

// Issue 8: a suspended member is told so, with the end date the server words, not "no permission".
function suspension(error: unknown): string | null {
  return error instanceof ApiError && error.code === ErrorCode.suspended ? error.detail : null
}

export function editErrorMessage(error: unknown): string {
  const suspended = suspension(error)
  if (suspended) return suspended
  if (error instanceof ApiError) {
    if (error.status === 409) return EDIT_CONFLICT
    if (error.status === 401 || error.status === 403)
      return "You don't have permission to edit this."
    if (error.status === 404) return REMOVED
    if (error.status === 422) return CONTENT_POLICY_MESSAGE
  }
  return 'Failed to save changes.'
}

export function deleteErrorMessage(error: unknown): string {
  const suspended = suspension(error)
  if (suspended) return suspended
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403)
      return "You don't have permission to delete this."
    if (error.status === 404) return REMOVED
  }
  return 'Failed to delete.'
}

// A problem-details answer carries the server's detail; anything else (a proxy's page) only has
// its status text, which api-client keeps as the detail under an `http_<status>` code.
export function statusErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 422 && error.code === 'content_policy') return CONTENT_POLICY_MESSAGE
    if (error.code === `http_${error.status}`) return `Failed to update status: ${error.detail}`
    return error.detail
  }
  return `Failed to update status: ${error instanceof NetworkError ? 'Network error' : 'Unknown error'}`
}

export const UPDATE_OFFLINE =
  'Your update could not be sent: you seem to be offline. It is kept here; post it when you are back online.'

/** Issue 20, posting a prayer update: the server's own words where it gave some. */
export function prayerUpdateErrorMessage(error: unknown): string {
  const suspended = suspension(error)
  if (suspended) return suspended
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.contentPolicy) return CONTENT_POLICY_MESSAGE
    if (error.status === 404) return REMOVED
    if (error.code === `http_${error.status}`) return `Failed to post the update: ${error.detail}`
    return error.detail
  }
  if (error instanceof NetworkError) return UPDATE_OFFLINE
  return 'Failed to post the update.'
}
