import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deferredReply, problem } from '@/testing/fake-api'
import {
  aComment,
  aPage,
  findComment,
  profileLoaded,
  renderComments,
  sentHeaders,
  THREAD,
} from '../testing/render-comments'

const comment = aComment({ content: 'Lifting you up', likes: 2, amens: 1, amened: true })
const reactions = `${THREAD}/${comment.comment_id}/reactions`

async function setup(routes = {}, closed = false) {
  const view = renderComments({
    closed,
    routes: { [`GET ${THREAD}`]: { json: aPage([comment]) }, ...routes },
  })
  const item = await findComment('Lifting you up')
  await profileLoaded(view.queryClient)
  return { ...view, item }
}

describe('Comment like and amen (spec 001 §2, §4)', () => {
  it('turns Like on at once, sends the wanted state with an Idempotency-Key, then takes the server counts', async () => {
    const answer = deferredReply()
    const { api, user, item } = await setup({ [`POST ${reactions}`]: answer.route })
    const like = within(item).getByRole('button', { name: 'Like' })
    expect(like).toHaveAttribute('aria-pressed', 'false')

    await user.click(like)
    expect(like).toHaveAttribute('aria-pressed', 'true')
    expect(within(item).getByRole('button', { name: 'Show who liked (3)' })).toBeInTheDocument()
    expect(api.sent('POST', reactions).map((request) => request.body)).toEqual([
      { Reaction: 'like', active: true },
    ])
    expect(sentHeaders('POST', reactions)[0]?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)

    // Someone else liked it meanwhile: the server's count wins.
    answer.release({ json: { Added: true, Like: 4, Amen: 1 } })
    expect(
      await within(item).findByRole('button', { name: 'Show who liked (4)' }),
    ).toBeInTheDocument()
    expect(like).toHaveAttribute('aria-pressed', 'true')
  })

  it('takes Amen back at once and reverts when the server fails', async () => {
    const answer = deferredReply()
    const { api, user, item } = await setup({ [`POST ${reactions}`]: answer.route })
    const amen = within(item).getByRole('button', { name: 'Amen' })
    expect(amen).toHaveAttribute('aria-pressed', 'true')

    await user.click(amen)
    expect(amen).toHaveAttribute('aria-pressed', 'false')
    expect(within(item).getByRole('button', { name: 'Show who said Amen (0)' })).toBeInTheDocument()
    expect(api.sent('POST', reactions)[0]?.body).toEqual({ Reaction: 'amen', active: false })

    answer.release(problem(500, 'internal_error'))
    await waitFor(() => expect(amen).toHaveAttribute('aria-pressed', 'true'))
    expect(within(item).getByRole('button', { name: 'Show who said Amen (1)' })).toBeInTheDocument()
    // Silently (spec 001 §8): no message.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('rests the toggles on a closed prayer but still opens who reacted', async () => {
    const { item } = await setup({}, true)
    expect(within(item).getByRole('button', { name: 'Like' })).toBeDisabled()
    expect(within(item).getByRole('button', { name: 'Amen' })).toBeDisabled()
    expect(within(item).getByRole('button', { name: 'Show who liked (2)' })).toBeEnabled()
  })

  it('opens who reacted on the count, with Like and Amen tabs, names and empty texts', async () => {
    const { user, item } = await setup({
      [`GET ${reactions}?type=like&limit=25`]: {
        json: {
          items: [
            {
              user_id: '0190a000-0000-7000-8000-0000000000a1',
              display_name: 'Quiet Cedar',
              created_at: comment.created_at,
              is_you: false,
            },
            {
              user_id: '0190a000-0000-7000-8000-0000000000a2',
              display_name: 'Gentle Dove',
              created_at: comment.created_at,
              is_you: true,
            },
          ],
          next_cursor: null,
        },
      },
      [`GET ${reactions}?type=amen&limit=25`]: { json: { items: [], next_cursor: null } },
    })
    const count = within(item).getByRole('button', { name: 'Show who liked (2)' })
    await user.click(count)
    const dialog = await screen.findByRole('dialog', { name: 'Reactions to this comment' })
    expect(within(dialog).getByRole('tab', { name: 'Like' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(await within(dialog).findByText('Quiet Cedar')).toBeInTheDocument()
    expect(within(dialog).getByText('Gentle Dove (You)')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('tab', { name: 'Amen' }))
    expect(await within(dialog).findByText('No Amen on this comment yet.')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(count).toHaveFocus())
  })

  it('says "No Likes on this comment yet." for a comment nobody liked', async () => {
    const { user, item } = await setup({
      [`GET ${reactions}?type=amen&limit=25`]: { json: { items: [], next_cursor: null } },
      [`GET ${reactions}?type=like&limit=25`]: { json: { items: [], next_cursor: null } },
    })
    await user.click(within(item).getByRole('button', { name: 'Show who said Amen (1)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reactions to this comment' })
    expect(within(dialog).getByRole('tab', { name: 'Amen' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await user.click(within(dialog).getByRole('tab', { name: 'Like' }))
    expect(await within(dialog).findByText('No Likes on this comment yet.')).toBeInTheDocument()
  })
})
