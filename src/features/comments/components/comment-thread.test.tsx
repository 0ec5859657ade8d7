import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deferredReply, problem } from '@/testing/fake-api'
import { aComment, aPage, findComment, renderComments, THREAD } from '../testing/render-comments'

describe('Comments area: the thread (spec 001 §2, §3, §9)', () => {
  it('says "Loading comments…" until the first page answers, then lists it', async () => {
    const first = deferredReply()
    renderComments({ routes: { [`GET ${THREAD}`]: first.route } })
    expect(await screen.findByText('Loading comments…')).toBeInTheDocument()
    first.release({ json: aPage([aComment({ content: 'Holding you in prayer' })]) })
    expect(await screen.findByText('Holding you in prayer')).toBeInTheDocument()
    expect(screen.queryByText('Loading comments…')).not.toBeInTheDocument()
  })

  it('says "No comments yet." for an empty thread', async () => {
    renderComments({ routes: { [`GET ${THREAD}`]: { json: aPage([]) } } })
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument()
  })

  it('says "Could not load comments." when the thread fails, and tries again', async () => {
    let calls = 0
    const { user } = renderComments({
      routes: {
        [`GET ${THREAD}`]: () =>
          ++calls === 1
            ? problem(500, 'internal_error')
            : { json: aPage([aComment({ content: 'Amen to that' })]) },
      },
    })
    expect(await screen.findByText('Could not load comments.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Amen to that')).toBeInTheDocument()
  })

  it('asks for 10 a page and loads the next page with its cursor under "Load more"', async () => {
    const { api, user } = renderComments({
      routes: {
        [`GET ${THREAD}?limit=10`]: { json: aPage([aComment({ content: 'First word' })], 'c2') },
        [`GET ${THREAD}?limit=10&cursor=c2`]: {
          json: aPage([aComment({ content: 'Second word' })]),
        },
      },
    })
    await findComment('First word')
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await findComment('Second word')
    expect(api.sent('GET', THREAD).map((request) => request.path)).toEqual([
      `${THREAD}?limit=10`,
      `${THREAD}?limit=10&cursor=c2`,
    ])
    // Oldest first, the later page below; nothing more to load.
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('First word'),
      expect.stringContaining('Second word'),
    ])
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument(),
    )
  })

  it('names the author, marks the prayer author "(OP)" and the viewer\'s own "(You)", with a relative time', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000 - 5_000).toISOString()
    renderComments({
      routes: {
        [`GET ${THREAD}`]: {
          json: aPage([
            aComment({
              content: 'From the requester',
              author_display_name: 'Hopeful Lark',
              is_op: true,
            }),
            aComment({
              content: 'Mine',
              author_display_name: 'Gentle Dove',
              isYou: true,
              created_at: twoHoursAgo,
            }),
            aComment({ content: 'A neighbour', author_display_name: 'Quiet Cedar' }),
          ]),
        },
      },
    })
    const op = await findComment('From the requester')
    expect(op).toHaveTextContent('Hopeful Lark(OP)')
    expect(op).not.toHaveTextContent('(You)')
    expect(within(op).getByText('5m')).toHaveAttribute('datetime')

    const mine = await findComment('Mine')
    expect(mine).toHaveTextContent('Gentle Dove(You)')
    expect(mine).not.toHaveTextContent('(OP)')
    expect(within(mine).getByText('2h').tagName).toBe('TIME')

    const other = await findComment('A neighbour')
    expect(other).not.toHaveTextContent(/\((OP|You)\)/)
  })
})
