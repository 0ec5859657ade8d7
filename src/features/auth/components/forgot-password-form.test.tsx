import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

afterEach(() => vi.unstubAllGlobals())

describe('forgot password (spec 000 §8)', () => {
  it.each([
    ['accepted', () => new Response(null, { status: 202 })],
    ['refused', () => problem(404, 'not_found')],
  ])('always answers with the same neutral message (server %s)', async (_, answer) => {
    const fake = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    fake.on('POST /auth/forgot-password', answer)
    const user = userEvent.setup()
    renderRoute('/forgot-password')
    await user.type(
      await screen.findByRole('textbox', { name: /Email address/ }),
      'ann@example.org{Enter}',
    )
    expect(
      await screen.findByText(
        "If there's an account with this email, you'll receive reset instructions.",
      ),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST /auth/forgot-password')[0]!.body).toEqual({
      email: 'ann@example.org',
    })
  })
})
