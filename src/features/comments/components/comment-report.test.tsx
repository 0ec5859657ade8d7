import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { problem } from '@/testing/fake-api'
import {
  aComment,
  aPage,
  findComment,
  profileLoaded,
  renderComments,
  THREAD,
} from '../testing/render-comments'

afterEach(() => vi.useRealTimers())

const comment = aComment({ content: 'Buy cheap watches' })
const path = `${THREAD}/${comment.comment_id}/report`

async function openReport(reply: Parameters<typeof renderComments>[0]['routes'] = {}) {
  const view = renderComments({
    routes: { [`GET ${THREAD}`]: { json: aPage([comment]) }, ...reply },
  })
  const item = await findComment('Buy cheap watches')
  await profileLoaded(view.queryClient)
  const opener = within(item).getByRole('button', { name: /^More actions/ })
  await view.user.click(opener)
  await view.user.click(await screen.findByRole('menuitem', { name: 'Report' }))
  const dialog = await screen.findByRole('dialog', { name: 'Report this content' })
  await view.user.click(within(dialog).getByRole('radio', { name: /^Spam or irrelevant/ }))
  return { ...view, item, opener, dialog }
}

describe('Reporting a comment (spec 001 §2, §4, §6)', () => {
  it('sends the report, then the comment reads "Reported", thanks for 4 s and focus returns', async () => {
    const { api, user, opener, dialog } = await openReport({ [`POST ${path}`]: { status: 204 } })
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(
      await screen.findByText('Thank you. This has been flagged for review.'),
    ).toBeInTheDocument()
    expect(api.sent('POST', path).map((request) => request.body)).toEqual([
      { category: 'spam', note: null },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(opener).toHaveFocus())

    await user.click(opener)
    expect(await screen.findByRole('menuitem', { name: 'Reported' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await user.keyboard('{Escape}')

    // The thank-you leaves after 4 seconds.
    await waitFor(
      () =>
        expect(
          screen.queryByText('Thank you. This has been flagged for review.'),
        ).not.toBeInTheDocument(),
      { timeout: 6_000 },
    )
  })

  it('treats "already reported" (another tab) as reported', async () => {
    const { user, dialog } = await openReport({
      [`POST ${path}`]: problem(409, 'already_reported', 'You have already reported this.'),
    })
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(
      await screen.findByText('Thank you. This has been flagged for review.'),
    ).toBeInTheDocument()
  })

  it('keeps the dialog open with the server text when the report fails', async () => {
    const { user, dialog } = await openReport({
      [`POST ${path}`]: problem(500, 'internal_error', ''),
    })
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(
      await within(dialog).findByText('Could not submit report. Please try again.'),
    ).toBeInTheDocument()
    expect(
      screen.queryByText('Thank you. This has been flagged for review.'),
    ).not.toBeInTheDocument()
  })
})
