import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { fakeApi } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

function signedInWith(roles: string[]) {
  window.sessionStorage.clear()
  fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: { user_id: 'u1', display_name: 'Gentle Dove', email_verified: true, roles },
    },
  })
}

async function openMenuItems() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Gentle Dove' }))
  const menu = await screen.findByRole('menu')
  return {
    user,
    items: within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  }
}

// Issue 8: the review queue is linked for moderators alone, the roles screen for admins alone.
describe('account menu moderation links', () => {
  beforeAll(async () => {
    await import('./account-menu-popup')
  })

  it('offers a member no moderation link', async () => {
    signedInWith(['member'])
    renderRoute('/groups')
    const { items } = await openMenuItems()
    expect(items).toEqual([
      'My Prayer List',
      'My Groups',
      'Prayer Rooms',
      'Account',
      'Notification settings',
      'Sign out',
    ])
  })

  // Issue 20: My Prayer List has its place in the desktop menu too.
  it('takes a member to My Prayer List', async () => {
    signedInWith(['member'])
    const { router } = renderRoute('/groups')
    const { user } = await openMenuItems()
    await user.click(screen.getByRole('menuitem', { name: 'My Prayer List' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerlist'))
  })

  it('takes a moderator to the queue', async () => {
    signedInWith(['member', 'moderator'])
    const { router } = renderRoute('/groups')
    const { user, items } = await openMenuItems()
    expect(items).toEqual([
      'My Prayer List',
      'My Groups',
      'Prayer Rooms',
      'Account',
      'Notification settings',
      'Moderation',
      'Dashboard',
      'Sign out',
    ])
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/admin')
    await user.click(screen.getByRole('menuitem', { name: 'Moderation' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/moderation'))
  })

  it('gives an admin the roles screen too', async () => {
    signedInWith(['member', 'admin'])
    renderRoute('/groups')
    const { items } = await openMenuItems()
    expect(items).toEqual([
      'My Prayer List',
      'My Groups',
      'Prayer Rooms',
      'Account',
      'Notification settings',
      'Moderation',
      'Dashboard',
      'Roles',
      'Sign out',
    ])
    expect(screen.getByRole('menuitem', { name: 'Roles' })).toHaveAttribute(
      'href',
      '/moderation/roles',
    )
  })
})
