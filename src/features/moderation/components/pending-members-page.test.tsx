import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { problem } from '@/testing/fake-api'
import { renderAs } from '../testing/moderation-fixtures'

const QUEUE = '/api/v1/moderation/members/pending'
const RUTH = '0190f6f0-0000-7000-8000-0000000000d1'
const BOAZ = '0190f6f0-0000-7000-8000-0000000000d2'

function waiting(userId: string, displayName: string, email: string | null = null) {
  return {
    userId,
    displayName,
    email,
    pendingSince: '2026-11-28T09:30:00.000Z',
    profileCompleted: true,
    emailVerified: false,
  }
}

describe('members waiting for approval (issue 38, moderators)', () => {
  it('lists them, approves one at once and rejects another only after confirming', async () => {
    let items = [waiting(RUTH, 'Morning Light'), waiting(BOAZ, 'Still Water')]
    const { user, api } = renderAs('moderator', '/moderation/members', {
      [`GET ${QUEUE}?limit=20`]: () => ({ json: { items, nextCursor: null } }),
      [`POST ${QUEUE.replace('pending', RUTH)}/approve`]: () => {
        items = items.filter((item) => item.userId !== RUTH)
        return { json: { userId: RUTH, approvedAt: '2026-11-28T10:00:00.000Z' } }
      },
      [`POST ${QUEUE.replace('pending', BOAZ)}/reject`]: () => {
        items = items.filter((item) => item.userId !== BOAZ)
        return { status: 204 }
      },
    })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Waiting for approval' }),
    ).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Members waiting for approval' })
    expect(await within(list).findByText('Morning Light')).toBeInTheDocument()
    expect(within(list).getAllByText(/Onboarding finished · Email not confirmed/)).toHaveLength(2)

    await user.click(within(list).getByRole('button', { name: 'Approve Morning Light' }))
    expect(await screen.findByText('Morning Light was approved and told.')).toBeInTheDocument()
    await waitFor(() => expect(within(list).queryByText('Morning Light')).not.toBeInTheDocument())

    await user.click(within(list).getByRole('button', { name: 'Reject Still Water' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject Still Water?' })
    expect(within(dialog).getByText(/account and the details they gave are deleted/)).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.sent('POST', `${QUEUE.replace('pending', BOAZ)}/reject`)).toHaveLength(0)

    await user.click(within(list).getByRole('button', { name: 'Reject Still Water' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject and delete' }),
    )
    expect(await screen.findByText('Still Water was rejected and told.')).toBeInTheDocument()
    expect(await screen.findByText('Nobody is waiting for approval.')).toBeInTheDocument()
    expect(api.sent('POST', `${QUEUE.replace('pending', BOAZ)}/reject`)).toHaveLength(1)
  })

  it('says so when another moderator decided first, and reads the list again', async () => {
    let items = [waiting(RUTH, 'Morning Light', 'ruth@example.org')]
    const { user } = renderAs('admin', '/moderation/members', {
      [`GET ${QUEUE}?limit=20`]: () => ({ json: { items, nextCursor: null } }),
      [`POST ${QUEUE.replace('pending', RUTH)}/approve`]: () => {
        items = []
        return problem(
          409,
          'membership_not_pending',
          'This member is no longer waiting for approval.',
        )
      },
    })
    const list = await screen.findByRole('list', { name: 'Members waiting for approval' })
    expect(await within(list).findByText(/ruth@example\.org/)).toBeInTheDocument()
    await user.click(within(list).getByRole('button', { name: 'Approve Morning Light' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This member is no longer waiting for approval.',
    )
    expect(await screen.findByText('Nobody is waiting for approval.')).toBeInTheDocument()
  })

  it('is in the moderation menu, and not for members', async () => {
    renderAs('moderator', '/moderation')
    const menu = await screen.findByRole('navigation', { name: 'Moderation' })
    expect(within(menu).getByRole('link', { name: 'Waiting members' })).toHaveAttribute(
      'href',
      '/moderation/members',
    )
  })

  it('is not for members', async () => {
    const { api } = renderAs('member', '/moderation/members')
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument()
    expect(api.sent('GET', QUEUE)).toHaveLength(0)
  })
})
