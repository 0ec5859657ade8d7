import { focusManager } from '@tanstack/react-query'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { profileQueryOptions, sessionQueryOptions } from '@/lib/session'
import { deferredReply, fakeApi, type FakeRoute } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

afterEach(() => window.sessionStorage.clear())

const banner = () => screen.queryByRole('region', { name: 'Email verification' })

function member({
  verified = false,
  hasProfile = true,
  resend = { status: 202 } as FakeRoute,
  pendingEmail = null as string | null,
} = {}) {
  return fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: 'u1',
        display_name: 'Quiet Cedar',
        email: 'ann@example.org',
        email_verified: verified,
        pending_email: pendingEmail,
      },
    },
    'GET /api/v1/users/me': {
      json: {
        user_id: 'u1',
        display_name: 'Quiet Cedar',
        first_name: null,
        last_name: null,
        email: 'ann@example.org',
        email_verified: verified,
        is_moderator: false,
        roles: ['member'],
        has_profile: hasProfile,
        onboarding_profile: null,
      },
    },
    'POST /auth/resend-verification': resend,
  })
}

// Generous: the whole app renders and the banner loads on demand, on a shared machine.
describe('EmailVerificationBanner (spec 000 §2, §4)', () => {
  it('asks a member with an unverified email to verify; resend goes idle -> sending -> Link sent', async () => {
    const pending = deferredReply()
    const api = member({ resend: pending.route })
    renderRoute('/')
    const region = await screen.findByRole(
      'region',
      { name: 'Email verification' },
      { timeout: 15_000 },
    )
    expect(region).toHaveTextContent('ann@example.org')

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Resend link' }))
    expect(screen.getByRole('button', { name: /Sending…/ })).toBeDisabled()

    pending.release({ status: 202 })
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Link sent'))
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite')
    expect(screen.queryByRole('button', { name: 'Resend link' })).toBeNull()
    expect(api.sent('POST', '/auth/resend-verification')[0]?.body).toEqual({
      email: 'ann@example.org',
    })
  })

  it('leaves when the member comes back to the tab after verifying elsewhere', async () => {
    let verified = false
    fakeApi({
      'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
      'GET /api/v1/users/me/': () => ({
        json: { user_id: 'u1', email: 'ann@example.org', email_verified: verified },
      }),
    })
    renderRoute('/')
    await screen.findByRole('region', { name: 'Email verification' }, { timeout: 15_000 })

    verified = true
    act(() => {
      focusManager.setFocused(false)
      focusManager.setFocused(true)
    })
    focusManager.setFocused(undefined)
    await waitFor(() => expect(banner()).toBeNull())
  })

  it('is not shown once the email is verified', async () => {
    member({ verified: true })
    const { router } = renderRoute('/')
    const { queryClient } = router.options.context
    // Judged once the profile has answered, not before.
    await waitFor(
      () =>
        expect(queryClient.getQueryState(profileQueryOptions().queryKey)?.status).toBe('success'),
      { timeout: 15_000 },
    )
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(banner()).toBeNull()
  })

  it('is not shown to visitors', async () => {
    const api = fakeApi({
      'GET /auth/session': { json: { isAuthenticated: false, hasProfile: null } },
    })
    const { router } = renderRoute('/')
    const { queryClient } = router.options.context
    await waitFor(
      () =>
        expect(queryClient.getQueryState(sessionQueryOptions().queryKey)?.status).toBe('success'),
      { timeout: 15_000 },
    )
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(banner()).toBeNull()
    expect(api.sent('GET', '/api/v1/users/me/')).toHaveLength(0)
  })

  it('is hidden on onboarding and comes back on leaving it', async () => {
    member({ hasProfile: false })
    const { router } = renderRoute('/onboarding')
    expect(
      await screen.findByLabelText(/First Name/, undefined, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(banner()).toBeNull()

    await router.navigate({ to: '/' })
    expect(
      await screen.findByRole('region', { name: 'Email verification' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
  })

  it('tells a verified member whose new address waits for its link which one still signs in', async () => {
    member({ verified: true, pendingEmail: 'ann@elsewhere.org' })
    renderRoute('/')
    const region = await screen.findByRole('region', { name: 'Email change' }, { timeout: 15_000 })
    expect(region).toHaveTextContent(
      'We sent a link to ann@elsewhere.org. Your email changes once you follow it; until then, sign in with ann@example.org.',
    )
    expect(banner()).toBeNull()
  })
})
