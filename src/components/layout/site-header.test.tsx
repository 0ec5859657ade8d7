import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderRoute } from '@/testing/render-route'

describe('site header', () => {
  // The menu popup is lazy; transforming MUI's Menu on first import is slow under Vitest, so warm
  // the module cache once instead of stretching every findBy timeout.
  beforeAll(async () => {
    await import('./features-menu-popup')
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Testimonies' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/testimonies')
  })

  it('closes the Features menu on Escape', async () => {
    const user = userEvent.setup()
    renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Features' }))
    expect(await screen.findByRole('menu')).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Features' })).toHaveAttribute('aria-expanded', 'false')
  })

  it('links to the landing anchors and offers visitors a Log in link', async () => {
    renderRoute('/prayerwall')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about')
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#contact')
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Prayer Community' })).toHaveAttribute('href', '/')
  })
})
