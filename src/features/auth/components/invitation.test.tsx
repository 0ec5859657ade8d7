import { InviteErrorMessage } from '@contract/invites'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { communityPage } from '@/lib/community-page'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'
import { socialStartUrl } from '../api/social-sign-in'
import { readInvite } from '../invite-code'

// Issue 38: an invite link's code travels from /login?invite= to the sign-up and the social
// start; an invite-only community without one shows the invitation-only page instead.
const joinRule = communityPage.join
afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
  communityPage.join = joinRule
})

const visitor = { isAuthenticated: false, hasProfile: null }

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('textbox', { name: /Email address/ }))
  await user.paste('ann@example.org')
  await user.click(screen.getByLabelText(/^Password/))
  await user.paste('Quiet-Prayer-2026')
  await user.click(screen.getByLabelText(/^Confirm password/))
  await user.paste('Quiet-Prayer-2026')
  await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Privacy Policy' }))
}

describe('joining with an invite link', () => {
  it('keeps the link’s invite from /login, out of the address bar, and sends it with the sign-up', async () => {
    communityPage.join = 'invite'
    const server = fakeAuthServer(visitor)
    server.on('POST /auth/signup', () => Response.json({ message: 'ok' }, { status: 202 }))
    const { router } = renderRoute('/login?invite=code-123')
    await screen.findByRole('heading', { level: 1, name: 'Log in' })
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('invite'))
    expect(readInvite()).toBe('code-123')
    expect(screen.queryByText(/newcomers need an invitation link/)).not.toBeInTheDocument()

    await router.navigate({ to: '/auth/signup' })
    const user = userEvent.setup()
    await fill(user)
    await user.click(await screen.findByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(server.callsTo('POST /auth/signup')).toHaveLength(1))
    expect(server.callsTo('POST /auth/signup')[0]!.body).toMatchObject({ invite: 'code-123' })
  })

  it('says which problem a refused invite has, and forgets it', async () => {
    window.sessionStorage.setItem('prayer.session.invite', 'old-code')
    const server = fakeAuthServer(visitor)
    server.on('POST /auth/signup', () =>
      problem(403, 'invitation_expired', InviteErrorMessage.invitation_expired),
    )
    renderRoute('/auth/signup')
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Create your account' })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This community is invitation-only' }),
    ).toBeInTheDocument()
    expect(screen.getByText(InviteErrorMessage.invitation_expired)).toBeInTheDocument()
    expect(readInvite()).toBeNull()
  })

  it('shows a visitor without an invite the invitation-only page instead of the sign-up form', async () => {
    communityPage.join = 'invite'
    fakeAuthServer(visitor)
    const { router } = renderRoute('/login')
    expect(await screen.findByText(/newcomers need an invitation link/)).toBeInTheDocument()
    await router.navigate({ to: '/auth/signup' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This community is invitation-only' }),
    ).toBeInTheDocument()
    expect(screen.getByText(InviteErrorMessage.invitation_required)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  })

  it('ends a social sign-in refused for want of an invite on the invitation-only page', async () => {
    const server = fakeAuthServer(visitor)
    server.on('GET /auth/google/callback', () =>
      problem(403, 'invitation_required', InviteErrorMessage.invitation_required),
    )
    renderRoute('/auth/google/callback?code=abc&state=s-invite')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This community is invitation-only' }),
    ).toBeInTheDocument()
  })

  it('sends the invite with the social sign-in start', () => {
    expect(socialStartUrl('google', '/login', 'code 9')).toBe(
      '/auth/google/start?next=%2Flogin&invite=code%209',
    )
    expect(socialStartUrl('facebook', '/login', null)).toBe('/auth/facebook/start?next=%2Flogin')
  })
})
