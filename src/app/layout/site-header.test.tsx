import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/testing/render-route'

const fetchMock = vi.fn<typeof fetch>()
let signedIn = false

beforeEach(() => {
  signedIn = false
  fetchMock.mockImplementation(async (input) => {
    const url = String(input)
    if (url === '/auth/session') {
      return Response.json(
        signedIn
          ? { isAuthenticated: true, hasProfile: true }
          : { isAuthenticated: false, hasProfile: null },
      )
    }
    if (url === '/api/v1/users/me/')
      return Response.json({ user_id: 'u1', display_name: 'Gentle Dove', email_verified: true })
    if (url === '/auth/logout') {
      signedIn = false
      return new Response(null, { status: 204 })
    }
    return new Response(null, { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

describe('site header', () => {
  // The menu popups are lazy; transforming MUI's Menu on first import is slow under Vitest, so
  // warm the module cache once instead of stretching every findBy timeout.
  beforeAll(async () => {
    await import('./features-menu-popup')
    await import('./account-menu-popup')
  })

  it('opens the Features menu with Prayer Wall and Testimonies', async () => {
    const user = userEvent.setup()
    renderRoute('/')
    const button = await screen.findByRole('button', { name: 'Features' })
    expect(button).toHaveAttribute('aria-expanded', 'false')

    await user.click(button)

    const menu = await screen.findByRole('menu')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Prayer Wall', 'Testimonies'])
    expect(items[0]).toHaveAttribute('href', '/prayerwall')
    expect(items[1]).toHaveAttribute('href', '/testimonies')
  })

  it('works from the keyboard: open, arrow to Testimonies, Enter navigates', async () => {
    signedIn = true
    const user = userEvent.setup()
    const { router } = renderRoute('/')
    const button = await screen.findByRole('button', { name: 'Features' })
    button.focus()

    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Prayer Wall' })).toHaveFocus()

    await user.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Testimonies' })).toHaveFocus()

    await user.keyboard('{Enter}')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Testimonies' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/testimonies')
  })

  it('closes the Features menu on Escape', async () => {
    const user = userEvent.setup()
    renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Features' }))
    expect(await screen.findByRole('menu')).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Features' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })

  it('links to the landing anchors and offers visitors a Log in link', async () => {
    renderRoute('/')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await within(nav).findByRole('link', { name: 'Log in' })
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about')
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#contact')
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Prayer Community' })).toHaveAttribute('href', '/')
  })

  it('shows a signed-in member their display name and signs them out to the landing page', async () => {
    signedIn = true
    const user = userEvent.setup()
    const { router } = renderRoute('/prayerwall')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const account = await within(nav).findByRole('button', { name: 'Gentle Dove' })
    expect(within(nav).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument()

    await user.click(account)
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))

    expect(await within(nav).findByRole('link', { name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(fetchMock).toHaveBeenCalledWith(
      '/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    )
  })

  it('takes a member to their groups from the account menu', async () => {
    signedIn = true
    const user = userEvent.setup()
    const { router } = renderRoute('/prayerwall')
    await user.click(await screen.findByRole('button', { name: 'Gentle Dove' }))
    await user.click(await screen.findByRole('menuitem', { name: 'My Groups' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'))
  })

  it('signs out to the landing page even when the server cannot be reached', async () => {
    signedIn = true
    const user = userEvent.setup()
    const { router } = renderRoute('/testimonies')
    await user.click(await screen.findByRole('button', { name: 'Gentle Dove' }))
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))

    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})
