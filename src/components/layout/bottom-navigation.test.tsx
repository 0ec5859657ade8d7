import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { BottomNavigation } from './bottom-navigation'
import type * as Destinations from './member-destinations'

configure({ asyncUtilTimeout: 10_000 })
vi.setConfig({ testTimeout: 40_000 })

// Prayer Rooms (/rooms) is being added by another issue: with it the members have six places
// and Me, seven in all. A stand-in seventh proves the bar holds then (ADR 0013).
vi.mock('./member-destinations', async (importOriginal) => {
  const actual = await importOriginal<typeof Destinations>()
  const rooms = { ...actual.MEMBER_DESTINATIONS[0], to: '/rooms', label: 'Rooms' }
  return { ...actual, MEMBER_DESTINATIONS: [...actual.MEMBER_DESTINATIONS, rooms] }
})

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
      'Notification settings',
      'Sign out',
    ])
    expect(items[1]).toHaveAttribute('href', '/rooms')
  })
})
