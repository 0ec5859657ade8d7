import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { problem } from '@/testing/fake-api'
import { renderAs } from '../testing/moderation-fixtures'

const emptyQueue = { json: { items: [], nextCursor: null } }

describe('who may open the moderation screens (issue 8)', () => {
  it('tells a member the queue is not for them, and never asks the server for it', async () => {
    const { api } = renderAs('member', '/moderation')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not allowed' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Only the community’s moderators can open this page.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the Prayer Wall' })).toHaveAttribute(
      'href',
      '/prayerwall',
    )
    expect(api.sent('GET', '/api/v1/moderation/queue')).toHaveLength(0)
  })

  it('gives a moderator the queue and the blocklist, but not the admin screens', async () => {
    renderAs('moderator', '/moderation', { 'GET /api/v1/moderation/queue': emptyQueue })
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Moderation' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Review queue', 'Waiting members', 'Blocked phrases', 'Invite links'])
    expect(await screen.findByText(/Nothing to review/)).toBeInTheDocument()
  })

  it('refuses a moderator the audit log and roles even by address', async () => {
    const { api } = renderAs('moderator', '/moderation/audit')
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Not allowed' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Only the community’s administrators can open this page.'),
    ).toBeInTheDocument()
    expect(api.sent('GET', '/api/v1/moderation/audit')).toHaveLength(0)
  })

  it('gives an admin every screen', async () => {
    renderAs('admin', '/moderation', { 'GET /api/v1/moderation/queue': emptyQueue })
    const nav = await screen.findByRole('navigation', { name: 'Moderation' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Review queue',
      'Waiting members',
      'Blocked phrases',
      'Invite links',
      'Audit log',
      'Roles',
      'Community',
    ])
    expect(within(nav).getByRole('link', { name: 'Review queue' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('shows "Not allowed" when the server refuses the queue (role taken away meanwhile)', async () => {
    renderAs('moderator', '/moderation', {
      'GET /api/v1/moderation/queue': problem(403, 'forbidden', 'Moderators only.'),
    })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Not allowed' }),
    ).toBeInTheDocument()
  })

  it('sends a visitor to sign in first', async () => {
    const { router } = renderAs('member', '/moderation', {
      'GET /auth/session': { json: { isAuthenticated: false, hasProfile: null } },
    })
    await screen.findByRole('heading', { level: 1 })
    expect(router.state.location.pathname).toBe('/login')
  })
})
