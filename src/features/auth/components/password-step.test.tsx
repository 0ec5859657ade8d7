import { verifyProofOfWork } from '@contract/captcha'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

// A cheap puzzle: the component test proves the wiring, contract/captcha's tests the search.
const challenge = {
  id: 'c1',
  salt: 'salt-salt',
  difficulty: 4,
  expiresAt: '2030-01-01T00:00:00.000Z',
}

async function openPasswordStep() {
  const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
  server.on('GET /auth/captcha', () => Response.json(challenge))
  const view = renderRoute('/auth/email')
  await screen.findByRole('heading', { level: 1, name: 'Continue with email' })
  await act(() =>
    view.router.navigate({
      to: '/auth/password',
      state: { email: 'ann@example.org', next: '/testimonies' },
    }),
  )
  await screen.findByRole('heading', { level: 1, name: 'Enter your password' })
  return { ...view, server, user: userEvent.setup() }
}

async function attempt(user: ReturnType<typeof userEvent.setup>, password: string) {
  const field = screen.getByLabelText(/Password/)
  await user.clear(field)
  await user.type(field, password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('password step (spec 000 §4, §8)', () => {
  it('requires the not-a-robot check after 3 failed attempts, solves it and sends it with the next try', async () => {
    const { server, user, router } = await openPasswordStep()
    server.on('POST /auth/password', ({ body }) => {
      if (!body?.captcha) return problem(401, 'invalid_credentials')
      server.state.session = { isAuthenticated: true, hasProfile: true }
      return new Response(null, { status: 204 })
    })

    for (const _ of [1, 2]) {
      await attempt(user, 'wrong')
      expect(
        await screen.findByText("We couldn't find a user with that email and password."),
      ).toBeInTheDocument()
      expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).not.toBeInTheDocument()
    }
    await attempt(user, 'wrong')
    const check = await screen.findByRole('checkbox', { name: "I'm not a robot" })
    expect(
      screen.getByText('Please complete the CAPTCHA or reset your password.'),
    ).toBeInTheDocument()

    // Unticked: refused on the page, nothing sent.
    await attempt(user, 'right')
    expect(server.callsTo('POST /auth/password')).toHaveLength(3)
    await waitFor(() => expect(check).toHaveFocus())

    await user.click(check)
    expect(await screen.findByText('Done: you can sign in now.')).toBeInTheDocument()
    expect(server.callsTo('GET /auth/captcha')).toHaveLength(1)

    await attempt(user, 'right')
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    const sent = server.callsTo('POST /auth/password')[3]!.body as {
      captcha: { id: string; nonce: number }
    }
    expect(sent).toMatchObject({ email: 'ann@example.org', password: 'right', rememberMe: false })
    expect(sent.captcha.id).toBe('c1')
    await expect(verifyProofOfWork(challenge, sent.captcha.nonce)).resolves.toBe(true)
  }, 30_000)

  it("shows 'Checking…' while the proof of work runs, in a live region", async () => {
    const { server, user } = await openPasswordStep()
    server.on('POST /auth/password', () => problem(401, 'captcha_required'))
    let release: (response: Response) => void = () => {}
    server.on('GET /auth/captcha', () => new Promise<Response>((resolve) => (release = resolve)))
    await attempt(user, 'whatever')
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }))
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Checking…')
    act(() => release(Response.json(challenge)))
    await waitFor(() => expect(status).toHaveTextContent('Done: you can sign in now.'))
  }, 15_000)

  it('shows the lock message on a 400', async () => {
    const { server, user } = await openPasswordStep()
    server.on('POST /auth/password', () => problem(400, 'too_many_attempts'))
    await attempt(user, 'whatever')
    expect(
      await screen.findByText('Too many attempts. Try again later or reset your password.'),
    ).toBeInTheDocument()
  })

  it('signs in on a 204 and goes to the next target', async () => {
    const { server, user, router } = await openPasswordStep()
    server.on('POST /auth/password', () => {
      server.state.session = { isAuthenticated: true, hasProfile: true }
      return new Response(null, { status: 204 })
    })
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }))
    await attempt(user, 'right')
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    expect(server.callsTo('POST /auth/password')[0]!.body).toMatchObject({ rememberMe: true })
  })
})
