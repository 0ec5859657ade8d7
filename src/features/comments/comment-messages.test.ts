import { describe, expect, it } from 'vitest'
import { t } from '@/i18n/i18n'
import { ApiError } from '@/lib/api-client'
import {
  COMMENT_ERRORS,
  deleteErrorMessage,
  editErrorMessage,
  postErrorMessage,
} from './comment-messages'

// Issue 8: a suspended member's writes answer 403 `suspended` with the end date in the detail.
const suspended = new ApiError(403, 'suspended', 'Your account is suspended until 1 December 2026.')
const forbidden = new ApiError(403, 'forbidden', 'Verify first.')

describe('a suspended member’s comment writes', () => {
  it('shows the server’s words on post, edit and delete', () => {
    expect(postErrorMessage(suspended)).toBe(suspended.detail)
    expect(editErrorMessage(suspended)).toBe(suspended.detail)
    expect(deleteErrorMessage(suspended)).toBe(suspended.detail)
  })

  it('keeps the spec’s messages for any other 403', () => {
    expect(postErrorMessage(forbidden)).toBe(t(COMMENT_ERRORS.verifyToPost))
    expect(editErrorMessage(forbidden)).toBe(t(COMMENT_ERRORS.noEditPermission))
    expect(deleteErrorMessage(forbidden)).toBe(t(COMMENT_ERRORS.noDeletePermission))
  })
})
