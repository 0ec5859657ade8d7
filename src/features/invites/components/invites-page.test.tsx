import type { Invite } from '@contract/invites'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

const INVITES = '/api/v1/admin/invites'

const invite = (overrides: Partial<Invite>): Invite => ({
  invite_id: '0190f6f0-0000-7000-8000-0000000000a1',
  code_hint: 'Ab3x',
  created_at: '2026-05-01T09:00:00.000Z',
  created_by: 'Moderator Mo',
  expires_at: null,
  max_uses: 10,
  uses: 3,
  revoked_at: null,
  state: 'active',
  ...overrides,
})

function renderAs(role: 'member' | 'moderator', routes: Record<string, FakeRoute> = {}) {
  window.sessionStorage.clear()
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: '0190f6f0-0000-7000-8000-00000000000a',
        display_name: 'Gentle Dove',
        email: 'dove@example.org',
        email_verified: true,
        is_moderator: role !== 'member',
        roles: role === 'member' ? ['member'] : ['member', role],
      },
    },
    'GET /api/v1/community': { json: COMMUNITY_DEFAULTS },
    [`GET ${INVITES}`]: {
      json: {
        items: [
          invite({}),
          invite({
            invite_id: '0190f6f0-0000-7000-8000-0000000000a2',
            code_hint: 'Zz9q',
            max_uses: null,
            uses: 12,
            state: 'revoked',
            revoked_at: '2026-05-02T09:00:00.000Z',
          }),
        ],
      },
    },
    ...routes,
  })
  return { ...renderRoute('/admin/invites'), api, user: userEvent.setup() }
}

describe('the invite links screen (issue 38)', () => {
  it('lists each link with its uses, expiry and state, and is in the moderation menu', async () => {
    renderAs('moderator')
    const list = await screen.findByRole('list')
    const [active, revoked] = within(list).getAllByRole('listitem')
    expect(active).toHaveTextContent('Link starting Ab3x…')
    expect(active).toHaveTextContent('Uses: 3 of 10')
    expect(active).toHaveTextContent('Never expires')
    expect(active).toHaveTextContent('Active')
    expect(revoked).toHaveTextContent('Uses: 12 (no limit)')
    expect(revoked).toHaveTextContent('Revoked')
    expect(within(revoked!).queryByRole('button')).not.toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Moderation' })
    expect(within(menu).getByRole('link', { name: 'Invite links' })).toHaveAttribute(
      'href',
      '/admin/invites',
    )
  })

  it('creates a link with a use count, shows it once and copies it', async () => {
    const url = 'http://localhost:3000/login?invite=NewCode_123'
    const { user, api } = renderAs('moderator', {
      [`POST ${INVITES}`]: {
        status: 201,
        json: { invite_id: '0190f6f0-0000-7000-8000-0000000000a3', code: 'NewCode_123', url },
      },
    })
    await user.type(
      await screen.findByRole('spinbutton', { name: 'Number of uses (optional)' }),
      '5',
    )
    await user.click(screen.getByRole('button', { name: 'Create link' }))
    const link = await screen.findByRole('textbox', { name: 'New invite link' })
    expect(link).toHaveValue(url)
    expect(link).toHaveFocus()
    expect(api.sent('POST', INVITES)[0]?.body).toEqual({ expires_at: null, max_uses: 5 })
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('Invite link copied.')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(url)
  })

  it('refuses a use count under one at its field, sending nothing', async () => {
    const { user, api } = renderAs('moderator')
    const uses = await screen.findByRole('spinbutton', { name: 'Number of uses (optional)' })
    await user.type(uses, '0')
    await user.click(screen.getByRole('button', { name: 'Create link' }))
    expect(uses).toHaveAccessibleDescription('Choose from 1 to 10000 uses, or no limit.')
    expect(api.sent('POST', INVITES)).toHaveLength(0)
  })

  it('shows the server’s refusal at its field', async () => {
    const { user } = renderAs('moderator', {
      [`POST ${INVITES}`]: {
        status: 400,
        json: {
          type: 'urn:problem:validation_error',
          title: 'validation_error',
          status: 400,
          detail: 'expires_at: Enter the expiry as a date and time in the future, or none.',
          errors: [
            {
              field: 'expires_at',
              message: 'Enter the expiry as a date and time in the future, or none.',
            },
          ],
        },
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Create link' }))
    expect(
      await screen.findByText('Enter the expiry as a date and time in the future, or none.'),
    ).toBeInTheDocument()
  })

  it('revokes a link after confirming, and says so', async () => {
    const id = '0190f6f0-0000-7000-8000-0000000000a1'
    const { user, api } = renderAs('moderator', {
      [`DELETE ${INVITES}/${id}`]: {
        json: invite({ state: 'revoked', revoked_at: '2026-05-03T09:00:00.000Z' }),
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Revoke the link starting Ab3x' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invite link?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }))
    expect(await screen.findByText('The link starting Ab3x is revoked.')).toBeInTheDocument()
    expect(api.sent('DELETE', `${INVITES}/${id}`)).toHaveLength(1)
  })

  it('tells a member the screen is for moderators, without asking for the links', async () => {
    const { api } = renderAs('member')
    expect(await screen.findByText(/moderator/i)).toBeInTheDocument()
    expect(api.sent('GET', INVITES)).toHaveLength(0)
  })
})
