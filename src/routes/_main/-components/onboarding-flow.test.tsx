import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { useHasUnsavedChanges } from '@/lib/unsaved-changes'
import { fakeApi } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

afterEach(() => window.sessionStorage.clear())

function newMember({ verified, pending = null }: { verified: boolean; pending?: string | null }) {
  let hasProfile = false
  const account = {
    user_id: 'u1',
    display_name: 'Quiet Cedar',
    first_name: null,
    last_name: null,
    email: 'ann@example.org',
    email_verified: verified,
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
      if (pending) return { json: { ...account, has_profile: true, pending_email: pending } }
      return { json: { ...account, ...(body as object), has_profile: true } }
    },
    'POST /auth/resend-verification': { status: 202 },
  })
}

function UnsavedProbe() {
  return <output aria-label="unsaved">{String(useHasUnsavedChanges())}</output>
}

async function completeOnboarding() {
  const user = userEvent.setup()
  await user.click(await screen.findByLabelText(/First Name/, undefined, { timeout: 5_000 }))
  await user.paste('Ann')
  await user.click(screen.getByLabelText(/Last Name/))
  await user.paste('Lee')
  await user.selectOptions(screen.getByLabelText(/Gender/), 'Other')
  // Focused, not clicked: a click opens all 249 options, which jsdom renders slowly.
  act(() => screen.getByRole('combobox', { name: /Country/ }).focus())
  await user.paste('Ireland')
  await user.selectOptions(screen.getByLabelText(/Month of Birth/), 'April')
  await user.type(screen.getByLabelText(/Day of Birth/), '30')
  return user
}

// Generous: the whole app renders, on a machine shared with other test runs.
describe('onboarding flow (spec 000 §4)', { timeout: 60_000 }, () => {
  it('saves, requests a verification email, and continues to the prayer wall', async () => {
    const api = newMember({ verified: false })
    const { router } = renderRoute('/onboarding')
    render(<UnsavedProbe />)
    const user = await completeOnboarding()
    expect(screen.getByRole('status', { name: 'unsaved', hidden: true })).toHaveTextContent('true')

    await user.click(screen.getByRole('button', { name: 'Update profile and Continue' }))
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email' })
    await waitFor(() =>
      expect(dialog).toHaveTextContent('We sent a verification link to your email.'),
    )
    expect(api.sent('POST', '/auth/resend-verification')).toHaveLength(1)
    expect(api.sent('POST', '/api/v1/users/profile')[0]?.body).toMatchObject({ country_iso2: 'IE' })
    expect(screen.getByRole('status', { name: 'unsaved', hidden: true })).toHaveTextContent('false')

    await user.click(screen.getByRole('button', { name: 'Continue to prayerwall' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prayer Wall' }),
    ).toBeInTheDocument()
  })

  it('goes straight to the wall when the email is already verified', async () => {
    const api = newMember({ verified: true })
    const { router } = renderRoute('/onboarding')
    const user = await completeOnboarding()
    await user.click(screen.getByRole('button', { name: 'Update profile and Continue' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'), {
      timeout: 5_000,
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.sent('POST', '/auth/resend-verification')).toHaveLength(0)
  })

  it('says a changed verified email waits for its link, naming the address still in force', async () => {
    const api = newMember({ verified: true, pending: 'ann@elsewhere.org' })
    const { router } = renderRoute('/onboarding')
    const user = await completeOnboarding()
    await user.click(screen.getByRole('button', { name: 'Update profile and Continue' }))

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your new email' })
    expect(dialog).toHaveTextContent(
      'We sent a link to ann@elsewhere.org. Your email changes once you follow it; until then, sign in with ann@example.org.',
    )
    expect(api.sent('POST', '/auth/resend-verification')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Continue to prayerwall' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
  })
})
