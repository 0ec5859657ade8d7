import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '@/testing/render-route'

describe('landing page /', () => {
  it('shows the exact hero text as the only h1', async () => {
    renderRoute('/')
    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading).toHaveTextContent(/^A safe, reverent space to pray together$/)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('lists the three features by their exact names', async () => {
    renderRoute('/')
    for (const name of ['Prayer Wall', 'Prayer Rooms', 'Prayer Groups']) {
      expect(await screen.findByRole('heading', { level: 3, name })).toBeInTheDocument()
    }
  })

  it('leads from the Prayer Rooms card to the rooms', async () => {
    renderRoute('/')
    expect(await screen.findByRole('link', { name: 'Prayer Rooms' })).toHaveAttribute(
      'href',
      '/rooms',
    )
  })

  it('states that the community is moderated, posts have privacy controls and it is ad-free', async () => {
    renderRoute('/')
    expect(
      await screen.findByRole('heading', { name: /community is moderated/i }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { name: /every post has privacy controls/i }),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /ad-free/i })).toBeInTheDocument()
  })

  it('offers Get started (to /login) and the Prayer Wall as calls to action', async () => {
    renderRoute('/')
    expect(await screen.findByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(screen.getByRole('link', { name: /prayer wall/i })).toHaveAttribute(
      'href',
      '/prayerwall',
    )
  })

  it('has the About and Contact sections the header anchors point to', async () => {
    renderRoute('/')
    const main = await screen.findByRole('main')
    expect(main.querySelector('section#about')).toHaveTextContent(/about/i)
    const contact = main.querySelector<HTMLElement>('section#contact')
    expect(contact).not.toBeNull()
    expect(within(contact!).getByRole('link')).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
  })

  it('promises a premium upgrade in the footer', async () => {
    renderRoute('/')
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(/premium/i)
  })
})
