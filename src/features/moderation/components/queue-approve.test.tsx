import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deferredReply, problem } from '@/testing/fake-api'
import { queueItem, renderAs } from '../testing/moderation-fixtures'

const QUEUE = '/api/v1/moderation/queue'

// Issue 38: posts the community's publish rule held wait in the queue for a moderator's
// Approve, which publishes them.
const waiting = queueItem({
  waitingForReview: 'first_post',
  target: {
    type: 'intention',
    title: 'Please pray for my new job',
    text: 'I start on Monday and I am nervous.',
    heldAt: '2026-11-20T09:00:00.000Z',
    author: { userId: '0190f6f0-0000-7000-8000-0000000000c3', displayName: 'Quiet Lark' },
  },
})
const approvePath = `/api/v1/moderation/items/intention/${waiting.target.id}/approve`

describe('approving a post waiting for review', () => {
  it('says why it waits, offers Approve instead of Dismiss, and says when it is published', async () => {
    const reply = deferredReply()
    const { user, api } = renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: { json: { items: [waiting], nextCursor: null } },
      [`POST ${approvePath}`]: reply.route,
    })
    const card = await screen.findByRole('article', { name: 'Please pray for my new job' })
    expect(within(card).getByText('Waiting for review')).toBeInTheDocument()
    expect(within(card).getByText(/One of a new member’s first posts/)).toBeInTheDocument()
    expect(within(card).queryByText(/flagged automatically/)).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Remove…' })).toBeInTheDocument()

    // By keyboard: Tab to the button, Enter to approve.
    const approve = within(card).getByRole('button', { name: 'Approve' })
    approve.focus()
    await user.keyboard('{Enter}')
    expect(await within(card).findByRole('button', { name: 'Approving…' })).toBeDisabled()
    reply.release({ status: 204 })
    // Said in the page's status line, so a screen reader announces it.
    const said = await screen.findByText('Prayer approved and published.')
    expect(said.closest('[role="status"]')).not.toBeNull()
    expect(api.sent('POST', approvePath)).toHaveLength(1)
  })

  it('shows the server’s reason when the post no longer waits', async () => {
    const { user } = renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: { json: { items: [waiting], nextCursor: null } },
      [`POST ${approvePath}`]: problem(
        409,
        'conflict',
        'This post is not waiting for review, so there is nothing to approve.',
      ),
    })
    const card = await screen.findByRole('article', { name: 'Please pray for my new job' })
    await user.click(within(card).getByRole('button', { name: 'Approve' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This post is not waiting for review, so there is nothing to approve.',
    )
  })

  it('keeps Dismiss for an item reports put on hold', async () => {
    const reported = queueItem({
      target: { heldAt: '2026-11-21T09:00:00.000Z' },
      reports: [
        { category: 'spam', note: null, createdAt: '2026-11-21T09:00:00.000Z', reporter: null },
      ],
      categories: [{ category: 'spam', count: 1 }],
    })
    renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: { json: { items: [reported], nextCursor: null } },
    })
    const card = await screen.findByRole('article')
    expect(within(card).getByText('Hidden until reviewed')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
  })
})
