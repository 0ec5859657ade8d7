import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { fakeApi } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { BottomNavigation } from './bottom-navigation'

// Six places and Me, seven in all (Prayer Rooms, issue 21): the bar still holds (ADR 0013).
describe('the bottom bar with seven places', () => {
  beforeAll(async () => {
    await import('./account-menu-popup')
  })

  it("shows the issue's four places and Me; Me's menu holds the others", async () => {
    fakeApi({
      'GET /api/v1/users/me/': {
        json: { user_id: 'u1', display_name: 'Gentle Dove', email_verified: true, roles: [] },
      },
    })
    const user = userEvent.setup()
    renderInRouter(BottomNavigation)
    const bar = await screen.findByRole('navigation', { name: 'App' })
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Wall', 'Testimonies', 'Ask for Prayer', 'Groups'])
    await user.click(within(bar).getByRole('button', { name: 'Me' }))
    const menu = await screen.findByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Prayer List',
      'Rooms',
      'My Groups',
      'Account',
      'Notification settings',
      'Sign out',
    ])
    expect(items[1]).toHaveAttribute('href', '/rooms')
  })
})
