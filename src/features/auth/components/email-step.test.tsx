import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

const visitor = { isAuthenticated: false, hasProfile: null }

async function openEmailStep() {
  const server = fakeAuthServer(visitor)
  const view = renderRoute('/auth/email')
  const field = await screen.findByRole('textbox', { name: /Email address/ })
  return { ...view, server, field, user: userEvent.setup() }
}

describe('email step (spec 000 §4)', () => {
  it('checks the address once, 400 ms after typing stops, never per keystroke', async () => {
    const { server, field, user } = await openEmailStep()
    server.on('POST /auth/identifier', () =>
      Response.json({ providers: [], hasLocal: true, next: 'password' }),
    )

    await user.type(field, 'ann@example.org')
    expect(server.callsTo('POST /auth/identifier')).toHaveLength(0)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.callsTo('POST /auth/identifier')).toHaveLength(0)

    await waitFor(() => expect(server.callsTo('POST /auth/identifier')).toHaveLength(1))
    expect(server.callsTo('POST /auth/identifier')[0]!.body).toEqual({ email: 'ann@example.org' })
  })

  it("goes to the password step with the email and next in navigation state when the answer is 'password'", async () => {
    const { server, field, user, router } = await openEmailStep()
    server.on('POST /auth/identifier', () =>
      Response.json({ providers: ['google'], hasLocal: true, next: 'password' }),
    )

    await user.type(field, 'ann@example.org{Enter}')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your password' }),
    ).toBeInTheDocument()
    expect(router.state.location.state).toMatchObject({
      email: 'ann@example.org',
      next: '/prayerwall',
    })
    expect(screen.getByText('ann@example.org')).toBeInTheDocument()
  })

  it('goes to sign-up otherwise, keeping what was typed', async () => {
    const { server, field, user } = await openEmailStep()
    server.on('POST /auth/identifier', () =>
      Response.json({ providers: [], hasLocal: false, next: 'signup' }),
    )

    await user.type(field, 'new@example.org')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveValue('new@example.org')
  })

  it('points a social-only account to its provider, with its button', async () => {
    const { server, field, user } = await openEmailStep()
    server.on('POST /auth/identifier', () =>
      Response.json({ providers: ['facebook'], hasLocal: false, next: 'signup' }),
    )

    await user.type(field, 'fb@example.org')

    expect(await screen.findByText(/This email signs in with Facebook/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument()
  })

  it('refuses a malformed address without asking the server, and focuses the field', async () => {
    const { server, field, user } = await openEmailStep()
    await user.type(field, 'ann@example{Enter}')
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(field).toHaveFocus())
    expect(server.callsTo('POST /auth/identifier')).toHaveLength(0)
  })

  it.each([
    ['not OK', () => problem(400, 'invalid_email'), 'Enter a valid email address.'],
    [
      'unreachable',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Something went wrong. Please try again.',
    ],
  ])(
    'shows the §8 message when the check is %s',
    async (_, answer: () => Response | Promise<Response>, message) => {
      const { server, field, user } = await openEmailStep()
      server.on('POST /auth/identifier', answer)
      await user.type(field, 'ann@example.org{Enter}')
      expect(await screen.findByText(message)).toBeInTheDocument()
    },
  )
})
