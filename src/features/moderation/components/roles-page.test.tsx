import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { problem } from '@/testing/fake-api'
import { renderAs, VIEWER_ID } from '../testing/moderation-fixtures'

const USERS = '/api/v1/admin/users'
const CEDAR = '0190f6f0-0000-7000-8000-0000000000c1'
const OTHER_ADMIN = '0190f6f0-0000-7000-8000-0000000000c2'

function member(userId: string, displayName: string, roles: string[]) {
  return {
    userId,
    displayName,
    email: `${displayName.split(' ')[0]?.toLowerCase()}@example.org`,
    roles,
    suspendedUntil: null,
  }
}

describe('roles screen (issues 8 and 21, admins)', () => {
  it('searches members, grants moderator after confirming, and shows the new role', async () => {
    let cedarRoles = ['member']
    const { user, api } = renderAs('admin', '/moderation/roles', {
      [`GET ${USERS}?limit=20`]: () => ({
        json: {
          items: [
            member(VIEWER_ID, 'Gentle Dove', ['member', 'admin']),
            member(OTHER_ADMIN, 'Steady Oak', ['member', 'admin']),
            member(CEDAR, 'Quiet Cedar', cedarRoles),
          ],
          nextCursor: null,
        },
      }),
      [`GET ${USERS}?limit=20&search=cedar`]: () => ({
        json: { items: [member(CEDAR, 'Quiet Cedar', cedarRoles)], nextCursor: null },
      }),
      [`PUT ${USERS}/${CEDAR}/roles`]: () => {
        cedarRoles = ['member', 'moderator']
        return { json: { roles: cedarRoles } }
      },
    })
    const list = await screen.findByRole('list', { name: 'Members' })
    expect(await within(list).findByText('Gentle Dove (You)')).toBeInTheDocument()
    // Nobody changes their own roles here, and admin is not granted or taken on this screen.
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Make moderator', 'Make room leader', 'Delete account'])

    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'cedar')
    await waitFor(() =>
      expect(within(list).queryByText('Gentle Dove (You)')).not.toBeInTheDocument(),
    )
    await user.click(within(list).getByRole('button', { name: 'Make moderator: Quiet Cedar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Make Quiet Cedar a moderator?' })
    await user.click(within(dialog).getByRole('button', { name: 'Make moderator' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await within(list).findByText('Moderator')).toBeInTheDocument()
    expect(
      within(list).getByRole('button', { name: 'Revoke moderator from Quiet Cedar' }),
    ).toBeInTheDocument()
    expect(api.sent('PUT', `${USERS}/${CEDAR}/roles`)[0]?.body).toEqual({ moderator: true })
  })

  it('revokes after confirming, and shows a refusal in the dialog', async () => {
    const { user, api } = renderAs('admin', '/moderation/roles', {
      [`GET ${USERS}`]: {
        json: { items: [member(CEDAR, 'Quiet Cedar', ['member', 'moderator'])], nextCursor: null },
      },
      [`PUT ${USERS}/${CEDAR}/roles`]: problem(404, 'not_found', 'This member no longer exists.'),
    })
    await user.click(
      await screen.findByRole('button', { name: 'Revoke moderator from Quiet Cedar' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Revoke moderator from Quiet Cedar?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke moderator' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This member no longer exists.',
    )
    expect(api.sent('PUT', `${USERS}/${CEDAR}/roles`)[0]?.body).toEqual({ moderator: false })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('grants room leader on its own, beside a moderator role that stays', async () => {
    let cedarRoles = ['member', 'moderator']
    const { user, api } = renderAs('admin', '/moderation/roles', {
      [`GET ${USERS}`]: () => ({
        json: { items: [member(CEDAR, 'Quiet Cedar', cedarRoles)], nextCursor: null },
      }),
      [`PUT ${USERS}/${CEDAR}/roles`]: () => {
        cedarRoles = ['member', 'moderator', 'room_leader']
        return { json: { roles: cedarRoles } }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Make room leader: Quiet Cedar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Make Quiet Cedar a room leader?' })
    expect(dialog).toHaveTextContent(
      'They will be able to create public Prayer Rooms, open to everyone signed in, and lead them.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Make room leader' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Room leader')).toBeInTheDocument()
    expect(screen.getByText('Moderator')).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Revoke room leader from Quiet Cedar' }),
    ).toBeInTheDocument()
    expect(api.sent('PUT', `${USERS}/${CEDAR}/roles`)[0]?.body).toEqual({ room_leader: true })
  })

  it('deletes a member’s account only with a reason, after confirming (issue 40)', async () => {
    let items = [member(CEDAR, 'Quiet Cedar', ['member'])]
    const { user, api } = renderAs('admin', '/moderation/roles', {
      [`GET ${USERS}`]: () => ({ json: { items, nextCursor: null } }),
      [`DELETE ${USERS}/${CEDAR}`]: () => {
        items = []
        return { status: 204 }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Delete account: Quiet Cedar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Quiet Cedar’s account?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }))
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument()
    expect(api.sent('DELETE', `${USERS}/${CEDAR}`)).toEqual([])
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Asked us by mail to delete it',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Quiet Cedar’s account was deleted.')).toBeInTheDocument()
    expect(api.sent('DELETE', `${USERS}/${CEDAR}`)[0]?.body).toEqual({
      reason: 'Asked us by mail to delete it',
    })
    await waitFor(() => expect(screen.queryByText('Quiet Cedar')).not.toBeInTheDocument())
  })

  it('says when no member matches', async () => {
    const { user } = renderAs('admin', '/moderation/roles', {
      [`GET ${USERS}?limit=20`]: {
        json: { items: [member(CEDAR, 'Quiet Cedar', ['member'])], nextCursor: null },
      },
      [`GET ${USERS}?limit=20&search=nobody`]: { json: { items: [], nextCursor: null } },
    })
    await screen.findByText('Quiet Cedar')
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'nobody')
    expect(await screen.findByText('No member matches “nobody”.')).toBeInTheDocument()
  })
})
