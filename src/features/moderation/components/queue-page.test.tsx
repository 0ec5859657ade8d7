import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deferredReply, problem } from '@/testing/fake-api'
import { queueItem, renderAs } from '../testing/moderation-fixtures'

const QUEUE = '/api/v1/moderation/queue'

const crisis = queueItem({
  urgent: true,
  target: { type: 'intention', title: 'I cannot go on', text: 'Everything feels too heavy.' },
})
const reported = queueItem({
  target: {
    text: 'Buy cheap watches here',
    author: { userId: '0190f6f0-0000-7000-8000-0000000000b2', displayName: 'Loud Gull' },
  },
  reports: [
    { category: 'spam', note: 'An advert', createdAt: '2026-11-21T10:00:00.000Z', reporter: null },
    { category: 'spam', note: null, createdAt: '2026-11-21T09:00:00.000Z', reporter: null },
    {
      category: 'inappropriate',
      note: null,
      createdAt: '2026-11-21T08:00:00.000Z',
      reporter: null,
    },
  ],
  categories: [
    { category: 'spam', count: 2 },
    { category: 'inappropriate', count: 1 },
  ],
  authorHistory: { itemsLast30Days: 12, removalsTotal: 2 },
})

function page(items: ReturnType<typeof queueItem>[], nextCursor: string | null = null) {
  return { json: { items, nextCursor } }
}

const itemPath = (item: ReturnType<typeof queueItem>, action: string) =>
  `/api/v1/moderation/items/${item.target.type}/${item.target.id}/${action}`

describe('review queue (issue 8)', () => {
  it('lists urgent items first, then reported ones, with content, reports and author history', async () => {
    renderAs('moderator', '/moderation', { [`GET ${QUEUE}`]: page([crisis, reported]) })
    const cards = await screen.findAllByRole('article')
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['I cannot go on', 'Comment by Loud Gull'])
    const [urgent, spam] = cards as [HTMLElement, HTMLElement]
    expect(within(urgent).getByText('Urgent')).toBeInTheDocument()
    expect(within(urgent).getByText('Everything feels too heavy.')).toBeInTheDocument()
    expect(within(urgent).getByText('No reports yet: flagged automatically.')).toBeInTheDocument()
    expect(within(urgent).getByRole('link', { name: 'Open on the Prayer Wall' })).toHaveAttribute(
      'href',
      `/prayerwall?highlight=${crisis.target.intentionId}`,
    )

    expect(within(spam).queryByText('Urgent')).not.toBeInTheDocument()
    expect(within(spam).getByText('Buy cheap watches here')).toBeInTheDocument()
    expect(within(spam).getByRole('heading', { level: 3, name: /^3 reports/ })).toBeInTheDocument()
    const categories = within(spam).getByRole('list', { name: 'Report categories' })
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Spam or irrelevant × 2', 'Inappropriate or offensive × 1'])
    expect(within(spam).getByText('“An advert”')).toBeInTheDocument()
    // Moderators are not told who reported.
    expect(within(spam).queryByText(/reported by/)).not.toBeInTheDocument()
    expect(
      within(spam).getByText(/12 posts in the last 30 days, 2 removed by moderators/),
    ).toBeInTheDocument()
  })

  it('shows a reported prayer room by its name and creator, with a link to the room (issue 21)', async () => {
    const room = queueItem({
      target: {
        type: 'room',
        id: '0190f6f0-0000-7000-8000-0000000000e1',
        intentionId: null,
        title: 'Loud sales pitch',
        text: 'Come and pray with us.',
        author: { userId: '0190f6f0-0000-7000-8000-0000000000b3', displayName: 'Calm Heron' },
      },
    })
    renderAs('moderator', '/moderation', { [`GET ${QUEUE}`]: page([room]) })
    const card = await screen.findByRole('article', { name: 'Loud sales pitch' })
    expect(within(card).getByText('Prayer room')).toBeInTheDocument()
    expect(within(card).getByText(/^Created by Calm Heron on/)).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Open the room' })).toHaveAttribute(
      'href',
      `/rooms/${room.target.id}`,
    )
  })

  it('names reporters when the server names them (admins)', async () => {
    const named = queueItem({
      reports: [
        {
          category: 'other',
          note: 'Mocking',
          createdAt: '2026-11-21T10:00:00.000Z',
          reporter: { userId: 'r1', displayName: 'Kind Heron' },
        },
      ],
      categories: [{ category: 'other', count: 1 }],
    })
    renderAs('admin', '/moderation', { [`GET ${QUEUE}`]: page([named]) })
    expect(await screen.findByText(/reported by Kind Heron/)).toBeInTheDocument()
  })

  it('removes only with a reason, shows it running, and keeps the reason after a refusal', async () => {
    const refusal = deferredReply()
    const { user, api } = renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: page([crisis, reported]),
      [`POST ${itemPath(reported, 'remove')}`]: refusal.route,
    })
    const card = await screen.findByRole('article', { name: 'Comment by Loud Gull' })
    await user.click(within(card).getByRole('button', { name: 'Remove…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove this comment?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument()
    expect(api.sent('POST', itemPath(reported, 'remove'))).toHaveLength(0)

    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Advertising is not allowed',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await within(dialog).findByRole('button', { name: 'Removing…' })).toBeDisabled()
    refusal.release(problem(404, 'not_found', 'This item no longer exists.'))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This item no longer exists.',
    )
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue(
      'Advertising is not allowed',
    )
    // Cancelled, it is still on the list (nothing changed), and the reason waits in the dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(within(card).getByRole('button', { name: 'Remove…' }))
    const again = await screen.findByRole('dialog', { name: 'Remove this comment?' })
    expect(within(again).getByRole('textbox', { name: /Reason/ })).toHaveValue(
      'Advertising is not allowed',
    )
  })

  it('removes with the reason, then the item leaves the open list and the page says so', async () => {
    let removed = false
    const { user, api } = renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: () => page(removed ? [crisis] : [crisis, reported]),
      [`POST ${itemPath(reported, 'remove')}`]: () => {
        removed = true
        return { status: 204 }
      },
    })
    const card = await screen.findByRole('article', { name: 'Comment by Loud Gull' })
    await user.click(within(card).getByRole('button', { name: 'Remove…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove this comment?' })
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Advertising  ')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))

    const notice = await screen.findByText('Comment removed. Its author has been told why.')
    // The card and its buttons are gone: focus lands on the message, not on the page's top.
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus())
    expect(api.sent('POST', itemPath(reported, 'remove'))[0]?.body).toEqual({
      reason: 'Advertising',
    })
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Comment by Loud Gull' }),
      ).not.toBeInTheDocument(),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('dismisses the reports and shows a failure under the buttons', async () => {
    const { user, api } = renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: page([reported]),
      [`POST ${itemPath(reported, 'dismiss')}`]: problem(
        500,
        'internal_error',
        'Something broke on our side.',
      ),
    })
    const card = await screen.findByRole('article', { name: 'Comment by Loud Gull' })
    await user.click(within(card).getByRole('button', { name: 'Dismiss' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent('Something broke on our side.')
    expect(api.sent('POST', itemPath(reported, 'dismiss'))[0]?.body).toEqual({})
  })

  it('restores a removed item from the recently resolved list', async () => {
    const gone = queueItem({
      target: {
        removedAt: '2026-11-21T12:00:00.000Z',
        removalReason: 'Advertising',
        author: { userId: 'a3', displayName: 'Loud Gull' },
      },
      resolvedAt: '2026-11-21T12:00:00.000Z',
    })
    const { user, api } = renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}?status=open&limit=20`]: page([]),
      [`GET ${QUEUE}?status=resolved&limit=20`]: page([gone]),
      [`POST ${itemPath(gone, 'restore')}`]: { status: 204 },
    })
    expect(await screen.findByText(/Nothing to review/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Recently resolved' }))
    const card = await screen.findByRole('article', { name: 'Comment by Loud Gull' })
    expect(within(card).getByText(/: Advertising$/)).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Remove…' })).not.toBeInTheDocument()
    // Removed: in no feed, so no link to one.
    expect(within(card).queryByRole('link')).not.toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Restore' }))
    expect(await screen.findByText('Comment restored.')).toBeInTheDocument()
    expect(api.sent('POST', itemPath(gone, 'restore'))).toHaveLength(1)
  })

  it('suspends the author for a number of days with a reason, checking both', async () => {
    const { user, api } = renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: page([reported]),
      'POST /api/v1/moderation/users/0190f6f0-0000-7000-8000-0000000000b2/suspension': {
        status: 204,
      },
    })
    const card = await screen.findByRole('article', { name: 'Comment by Loud Gull' })
    await user.click(within(card).getByRole('button', { name: 'Suspend author…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Loud Gull?' })
    const days = within(dialog).getByRole('spinbutton', { name: /Days/ })
    await user.clear(days)
    await user.type(days, '400')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(within(dialog).getByText('Choose between 1 and 365 days.')).toBeInTheDocument()
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument()

    await user.clear(days)
    await user.type(days, '14')
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Repeated adverts')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(await screen.findByText('Loud Gull is suspended for 14 days.')).toBeInTheDocument()
    expect(
      api.sent(
        'POST',
        '/api/v1/moderation/users/0190f6f0-0000-7000-8000-0000000000b2/suspension',
      )[0]?.body,
    ).toEqual({ days: 14, reason: 'Repeated adverts' })
  })

  it('pages with Load more, and retries a failed first load', async () => {
    let fail = true
    const { user } = renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}?status=open&limit=20`]: () =>
        fail ? problem(503, 'not_ready', 'Try again shortly.') : page([crisis], 'next-1'),
      [`GET ${QUEUE}?status=open&limit=20&cursor=next-1`]: page([reported]),
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not load the review queue.')
    expect(alert).toHaveTextContent('Try again shortly.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('article', { name: 'I cannot go on' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('article', { name: 'Comment by Loud Gull' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })
})
