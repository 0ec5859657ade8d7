import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { fakeApi } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

// Issue 38: the community's welcome message greets a member as their onboarding completes,
// before the way on to the wall. Onboarding completes once per account, so it shows once.
const { WELCOME } = vi.hoisted(() => ({
  WELCOME: 'Peace be with you.\nWe pray for one another every morning.',
}))
vi.mock('@/lib/community-page', () => ({
  communityPage: { ...COMMUNITY_DEFAULTS, name: 'St Mary’s', welcome: WELCOME },
}))

afterEach(() => window.sessionStorage.clear())

function newMember() {
  let hasProfile = false
  const account = {
    user_id: 'u1',
    display_name: 'Quiet Cedar',
    first_name: null,
    last_name: null,
    email: 'ann@example.org',
    email_verified: true,
    is_moderator: false,
    roles: ['member'],
    has_profile: false,
    onboarding_profile: null,
  }
  return fakeApi({
    'GET /auth/session': () => ({ json: { isAuthenticated: true, hasProfile } }),
    'GET /api/v1/users/me': { json: account },
    'GET /api/v1/users/me/': () => ({ json: { ...account, has_profile: hasProfile } }),
    'GET /api/v1/users/display-name': {
      json: { displayName: 'Quiet Cedar', display_name: 'Quiet Cedar' },
    },
    'POST /api/v1/users/profile': ({ body }) => {
      hasProfile = true
      return { json: { ...account, ...(body as object), has_profile: true } }
    },
  })
}

describe('the welcome message after onboarding', { timeout: 60_000 }, () => {
  it('greets the new member with the community’s words, then goes on to the wall', async () => {
    newMember()
    const { router } = renderRoute('/onboarding')
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText(/First Name/, undefined, { timeout: 5_000 }))
    await user.paste('Ann')
    await user.click(screen.getByLabelText(/Last Name/))
    await user.paste('Lee')
    await user.selectOptions(screen.getByLabelText(/Gender/), 'Other')
    act(() => screen.getByRole('combobox', { name: /Country/ }).focus())
    await user.paste('Ireland')
    await user.selectOptions(screen.getByLabelText(/Month of Birth/), 'April')
    await user.type(screen.getByLabelText(/Day of Birth/), '30')
    await user.click(screen.getByRole('button', { name: 'Update profile and Continue' }))

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to St Mary’s' })
    expect(dialog).toHaveTextContent('Peace be with you.')
    expect(dialog).toHaveTextContent('We pray for one another every morning.')
    expect(router.state.location.pathname).toBe('/onboarding')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
    expect(screen.queryByRole('dialog', { name: 'Welcome to St Mary’s' })).toBeNull()
  })
})
