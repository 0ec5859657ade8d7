import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

function server(validate: () => Response) {
  const fake = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
  fake.on('GET /auth/reset-password/validate', validate)
  fake.on('POST /auth/logout', () => new Response(null, { status: 204 }))
  return fake
}

async function setPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText(/^New password/))
  await user.paste('Quiet-Prayer-2026')
  await user.click(screen.getByLabelText(/^Confirm new password/))
  await user.paste('Quiet-Prayer-2026')
  await user.click(screen.getByRole('button', { name: 'Reset password' }))
}

describe('reset password (spec 000 §4, §8)', () => {
  it("shows the page 'Invalid or expired link' when the token is refused on load", async () => {
    const fake = server(() => problem(400, 'invalid_token'))
    renderRoute('/reset-password?token=stale')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid or expired link' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(fake.callsTo('GET /auth/reset-password/validate')[0]!.url).toBe(
      '/auth/reset-password/validate?token=stale',
    )
  })

  it('resets, signs out and sends the user to log in with a success message', async () => {
    const fake = server(() => new Response(null, { status: 204 }))
    fake.on('POST /auth/reset-password', () => new Response(null, { status: 204 }))
    const user = userEvent.setup()
    const { router } = renderRoute('/reset-password?token=good')
    await setPassword(user)

    expect(
      await screen.findByText('Your password has been reset. Log in with your new password.'),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(fake.callsTo('POST /auth/reset-password')[0]!.body).toEqual({
      token: 'good',
      newPassword: 'Quiet-Prayer-2026',
      confirmPassword: 'Quiet-Prayer-2026',
    })
    const order = fake.calls.map((call) => `${call.method} ${call.url}`)
    expect(order.indexOf('POST /auth/logout')).toBeGreaterThan(
      order.indexOf('POST /auth/reset-password'),
    )
  })

  it('shows a listed password refused by the server under the new password field', async () => {
    const fake = server(() => new Response(null, { status: 204 }))
    fake.on('POST /auth/reset-password', () => problem(400, 'breached_password'))
    const user = userEvent.setup()
    renderRoute('/reset-password?token=good')
    await setPassword(user)

    const field = screen.getByLabelText(/^New password/)
    await waitFor(() => expect(field).toHaveFocus())
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(
        'This password is too common or has appeared in a data breach. Please choose a different one.',
      ),
    )
    expect(screen.queryByText(/The link is invalid or expired/)).not.toBeInTheDocument()
  })

  it('says the link is invalid or expired when the reset is refused', async () => {
    const fake = server(() => new Response(null, { status: 204 }))
    fake.on('POST /auth/reset-password', () => problem(400, 'invalid_token'))
    const user = userEvent.setup()
    renderRoute('/reset-password?token=used')
    await setPassword(user)
    expect(
      await screen.findByText(/The link is invalid or expired. Try resetting your password again./),
    ).toBeInTheDocument()
    await waitFor(() => expect(fake.callsTo('POST /auth/logout')).toHaveLength(0))
  })
})
