import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deferredReply, type FakeReply, type FakeRoute, problem } from '@/testing/fake-api'
import {
  aComment,
  aPage,
  findComment,
  profileLoaded,
  renderComments,
  THREAD,
} from '../testing/render-comments'

const mine = aComment({ content: 'Posted too soon', isYou: true })
const theirs = aComment({ content: 'Out of line' })

async function openDelete(
  target: typeof mine,
  routes: Record<string, FakeRoute>,
  viewer = { moderator: false },
) {
  const view = renderComments({
    viewer,
    routes: { [`GET ${THREAD}`]: { json: aPage([mine, theirs]) }, ...routes },
  })
  const item = await findComment(target.content)
  await profileLoaded(view.queryClient)
  const opener = within(item).getByRole('button', { name: /^More actions/ })
  await view.user.click(opener)
  await view.user.click(
    await screen.findByRole('menuitem', { name: target.isYou ? 'Delete' : 'Remove' }),
  )
  return { ...view, opener }
}

describe(
  'Deleting a comment (spec 001 §2 Delete comment dialog, §6, §8)',
  { timeout: 30_000 },
  () => {
    it('asks first; Cancel keeps the comment and returns focus to its menu button', async () => {
      const { api, user, opener } = await openDelete(mine, {})
      const dialog = await screen.findByRole('dialog', { name: 'Delete comment' })
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      await waitFor(() => expect(opener).toHaveFocus())
      expect(api.sent('DELETE', `${THREAD}/${mine.comment_id}`)).toHaveLength(0)
      expect(await findComment('Posted too soon')).toBeInTheDocument()
    })

    it("deletes the author's own comment and lowers the card count by one", async () => {
      const answer = deferredReply()
      const path = `${THREAD}/${mine.comment_id}`
      const { api, user, onCountChange } = await openDelete(mine, {
        [`DELETE ${path}`]: answer.route,
      })
      const dialog = await screen.findByRole('dialog', { name: 'Delete comment' })
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
      expect(await within(dialog).findByRole('button', { name: 'Deleting…' })).toBeDisabled()
      answer.release({ status: 204 })
      await waitFor(() => expect(screen.queryByText('Posted too soon')).not.toBeInTheDocument())
      expect(api.sent('DELETE', path)).toHaveLength(1)
      expect(onCountChange).toHaveBeenCalledWith(-1)
      expect(screen.getByText('Comment deleted.')).toBeInTheDocument()
      expect(await findComment('Out of line')).toBeInTheDocument()
    })

    it("lets a moderator remove someone else's comment", async () => {
      const path = `${THREAD}/${theirs.comment_id}`
      const { user, onCountChange } = await openDelete(
        theirs,
        { [`DELETE ${path}`]: { status: 204 } },
        { moderator: true },
      )
      const dialog = await screen.findByRole('dialog', { name: 'Remove comment' })
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
      await waitFor(() => expect(screen.queryByText('Out of line')).not.toBeInTheDocument())
      expect(onCountChange).toHaveBeenCalledWith(-1)
    })

    const failures: [string, FakeReply | 'network', string][] = [
      ['401', problem(401, 'unauthenticated'), "You don't have permission to delete this comment."],
      ['403', problem(403, 'forbidden'), "You don't have permission to delete this comment."],
      ['404', problem(404, 'not_found'), 'This comment is no longer available.'],
      ['423', problem(423, 'closed'), 'Comments are closed on this intention.'],
      [
        '500 with text',
        problem(500, 'internal_error', 'Try again in a minute.'),
        'Try again in a minute.',
      ],
      ['500 without text', problem(500, 'internal_error', ''), 'Failed to delete comment.'],
      ['no answer', 'network', 'Network error. Please try again.'],
    ]
    it.each(failures)(
      'on %s says so in the dialog and keeps the comment',
      async (_case, reply, message) => {
        const route =
          reply === 'network' ? () => Promise.reject(new TypeError('Failed to fetch')) : reply
        const { user, onCountChange } = await openDelete(mine, {
          [`DELETE ${THREAD}/${mine.comment_id}`]: route,
        })
        const dialog = await screen.findByRole('dialog', { name: 'Delete comment' })
        await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
        expect(await within(dialog).findByText(message)).toBeInTheDocument()
        expect(onCountChange).not.toHaveBeenCalled()
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
        expect(await findComment('Posted too soon')).toBeInTheDocument()
      },
    )
  },
)
