import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { REPORT_CATEGORY_LABELS, REPORT_MESSAGES, type ReportBody } from '@contract/reports'
import Button from '@mui/material/Button'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '@/lib/api-client'
import { fakeApi } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { ReportDialog } from './report-dialog'

function setup(onSubmit: (body: ReportBody) => Promise<void>) {
  fakeApi({ 'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } } })
  function Opener() {
    const [open, setOpen] = useState(false)
    return (
      <>
        <Button onClick={() => setOpen(true)}>Report</Button>
        <ReportDialog
          open={open}
          onClose={() => setOpen(false)}
          onSubmit={async (body) => {
            await onSubmit(body)
            setOpen(false)
          }}
        />
      </>
    )
  }
  renderInRouter(Opener)
  return userEvent.setup()
}

describe('ReportDialog (spec 001 §2, §5, §8)', () => {
  it('requires a category, a note for other, and at most 200 characters', async () => {
    const onSubmit = vi.fn(async () => {})
    const user = setup(onSubmit)
    await user.click(await screen.findByRole('button', { name: 'Report' }))
    expect(screen.getByRole('dialog', { name: 'Report this content' })).toHaveTextContent(
      "Please tell us what's wrong so we can review it quickly.Category",
    )
    expect(
      screen.getByText('Your report is anonymous. The author will not know you reported this.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(screen.getByText(REPORT_MESSAGES.categoryRequired)).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: REPORT_CATEGORY_LABELS.other }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(screen.getByText(REPORT_MESSAGES.noteRequired)).toBeInTheDocument()
    await user.click(screen.getByRole('textbox', { name: /note/i }))
    await user.paste('n'.repeat(201))
    expect(screen.getByText(REPORT_MESSAGES.noteTooLong)).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
    await user.type(screen.getByRole('textbox', { name: /note/i }), '{Backspace}')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ category: 'other', note: 'n'.repeat(200) }),
    )
  })

  it('shows Submitting… while sending and returns focus to the opener when done', async () => {
    let finish = () => {}
    const user = setup(() => new Promise<void>((resolve) => (finish = resolve)))
    const opener = await screen.findByRole('button', { name: 'Report' })
    await user.click(opener)
    await user.click(screen.getByRole('radio', { name: REPORT_CATEGORY_LABELS.spam }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled()
    finish()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })

  it.each([
    [new ApiError(422, 'content_policy', CONTENT_POLICY_MESSAGE), CONTENT_POLICY_MESSAGE],
    [
      new ApiError(409, 'conflict', 'You have already reported this.'),
      'You have already reported this.',
    ],
    [new ApiError(500, 'http_500', ''), 'Could not submit report. Please try again.'],
    [new NetworkError(new TypeError('offline')), 'Network error. Please try again.'],
  ])('shows the failure as an error (%#)', async (error, message) => {
    const user = setup(() => Promise.reject(error))
    await user.click(await screen.findByRole('button', { name: 'Report' }))
    await user.click(screen.getByRole('radio', { name: REPORT_CATEGORY_LABELS.inappropriate }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('Cancel closes and returns focus to the opener', async () => {
    const user = setup(async () => {})
    const opener = await screen.findByRole('button', { name: 'Report' })
    await user.click(opener)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })
})
