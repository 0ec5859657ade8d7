import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deferredReply, type FakeReply, type FakeRoute, problem } from '@/testing/fake-api'
import { updateComment } from '../api/update-comment'
import { editErrorMessage } from '../comment-messages'
import {
  aComment,
  aPage,
  findComment,
  profileLoaded,
  renderComments,
  THREAD,
} from '../testing/render-comments'

const mine = aComment({
  content: 'First thought',
  isYou: true,
  updated_at: '2026-05-01T10:00:00.000Z',
})
const path = `${THREAD}/${mine.comment_id}`

async function startEditing(routes: Record<string, FakeRoute>) {
  const view = renderComments({ routes: { [`GET ${THREAD}`]: { json: aPage([mine]) }, ...routes } })
  const item = await findComment('First thought')
  await profileLoaded(view.queryClient)
  await view.user.click(within(item).getByRole('button', { name: /^More actions/ }))
  await view.user.click(await screen.findByRole('menuitem', { name: 'Edit' }))
  const box = await screen.findByRole('textbox', { name: 'Edit comment' })
  await view.user.clear(box)
  await view.user.type(box, 'Second thought')
  return { ...view, box }
}

describe('Editing a comment (spec 001 §2 states, §4 concurrency, §8)', () => {
  it('saves with the update time it started from, shows "Saving…", then the new text', async () => {
    const answer = deferredReply()
    const { api, user } = await startEditing({ [`PATCH ${path}`]: answer.route })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled()
    expect(api.sent('PATCH', path).map((request) => request.body)).toEqual([
      { content: 'Second thought', expected_updated_at: '2026-05-01T10:00:00.000Z' },
    ])
    answer.release({
      json: { ...mine, content: 'Second thought', updated_at: '2026-05-01T10:05:00.000Z' },
    })
    expect(await findComment('Second thought')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument()
  })

  it('checks the text on the form rules before saving', async () => {
    const { api, user, box } = await startEditing({})
    await user.clear(box)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please enter a comment.')).toBeInTheDocument()
    expect(api.sent('PATCH', path)).toHaveLength(0)
  })

  it('on 409 says "Updated elsewhere—reload and try again."; Reload latest loads the thread and the next save builds on it', async () => {
    let threadLoads = 0
    let saves = 0
    const { api, user, box } = await startEditing({
      [`GET ${THREAD}`]: () => {
        threadLoads += 1
        const latest = {
          ...mine,
          content: 'Edited in another tab',
          updated_at: '2026-05-01T11:00:00.000Z',
        }
        return { json: aPage([threadLoads === 1 ? mine : latest]) }
      },
      [`PATCH ${path}`]: ({ body }) =>
        ++saves === 1
          ? problem(409, 'conflict', 'Updated elsewhere—reload and try again.')
          : { json: { ...mine, ...(body as object), updated_at: '2026-05-01T11:01:00.000Z' } },
    })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Updated elsewhere—reload and try again.')).toBeInTheDocument()
    // The member's wording is kept; saving waits for the reload.
    expect(box).toHaveValue('Second thought')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()

    const before = api.sent('GET', THREAD).length
    await user.click(screen.getByRole('button', { name: 'Reload latest' }))
    expect(
      await screen.findByText('Latest saved version: Edited in another tab'),
    ).toBeInTheDocument()
    expect(api.sent('GET', THREAD).length).toBeGreaterThan(before)
    expect(screen.queryByText('Updated elsewhere—reload and try again.')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await findComment('Second thought')
    expect(api.sent('PATCH', path).at(-1)?.body).toEqual({
      content: 'Second thought',
      expected_updated_at: '2026-05-01T11:00:00.000Z',
    })
  })

  const failures: [string, FakeReply | 'network', string][] = [
    ['401', problem(401, 'unauthenticated'), "You don't have permission to edit this comment."],
    ['403', problem(403, 'forbidden'), "You don't have permission to edit this comment."],
    ['404', problem(404, 'not_found'), 'This comment is no longer available.'],
    ['423', problem(423, 'closed'), 'Comments are closed on this intention.'],
    ['422', problem(422, 'content_policy', CONTENT_POLICY_MESSAGE), CONTENT_POLICY_MESSAGE],
    [
      '500 with text',
      problem(500, 'internal_error', 'Database is resting.'),
      'Database is resting.',
    ],
    ['500 without text', problem(500, 'internal_error', ''), 'Failed to save changes.'],
    ['no answer', 'network', 'Network error. Please try again.'],
  ]
  it.each(failures)('on %s says so and keeps the edit open', async (_case, reply, message) => {
    const route =
      reply === 'network' ? () => Promise.reject(new TypeError('Failed to fetch')) : reply
    const { user, box } = await startEditing({ [`PATCH ${path}`]: route })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(box).toHaveValue('Second thought')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled())
  })

  it('says "Missing identifiers." when the comment has no id, without calling the server', async () => {
    const error = await updateComment('', {
      commentId: '',
      content: 'x',
      expectedUpdatedAt: mine.updated_at,
    }).catch((caught: unknown) => caught)
    expect(editErrorMessage(error)).toBe('Missing identifiers.')
  })
})
