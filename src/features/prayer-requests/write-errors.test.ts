import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { createErrorLines, deleteErrorMessage, editErrorMessage } from './write-errors'

// Issue 8: a suspended member's writes answer 403 `suspended` with the end date in the detail.
const suspended = new ApiError(403, 'suspended', 'Your account is suspended until 1 December 2026.')
const forbidden = new ApiError(403, 'forbidden', 'Not yours.')

describe('a suspended member’s prayer writes', () => {
  it('shows the server’s words on create, edit and delete', () => {
    expect(createErrorLines(suspended).detail).toBe(suspended.detail)
    expect(editErrorMessage(suspended)).toBe(suspended.detail)
    expect(deleteErrorMessage(suspended)).toBe(suspended.detail)
  })

  it('still says "no permission" for any other 403', () => {
    expect(editErrorMessage(forbidden)).toBe("You don't have permission to edit this.")
    expect(deleteErrorMessage(forbidden)).toBe("You don't have permission to delete this.")
  })
})
