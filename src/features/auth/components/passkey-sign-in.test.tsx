import { PasskeyErrorCode, PasskeyMessage } from '@contract/passkeys'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

// Issue 39: signing in with a passkey from the email step: the button opens the browser's sheet,
// the email field's autofill offers passkeys (conditional mediation). The WebAuthn library
// stands in for the browser.

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  browserSupportsWebAuthnAutofill: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}))
vi.mock('@simplewebauthn/browser', () => browser)

const OPTIONS = { challenge: 'abc', rpId: 'localhost' }
const CREDENTIAL = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} }

beforeEach(() => {
  browser.startAuthentication.mockReset()
  browser.browserSupportsWebAuthnAutofill.mockResolvedValue(false)
})
afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

function passkeyServer() {
  const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
  const sent: unknown[] = []
  server.on('POST /auth/passkey/options', () => Response.json(OPTIONS))
  server.on('POST /auth/passkey', ({ body }) => {
    sent.push(body)
    server.state.session = { isAuthenticated: true, hasProfile: true }
    return new Response(null, { status: 204 })
  })
  return { server, sent }
}

describe('sign in with a passkey', () => {
  it('signs in from the button and goes on, the email field offering passkeys', async () => {
    const { sent } = passkeyServer()
    browser.startAuthentication.mockResolvedValue(CREDENTIAL)
    const { router } = renderRoute('/auth/email')
    const field = await screen.findByLabelText(/Email address/)
    expect(field).toHaveAttribute('autocomplete', 'username webauthn')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: OPTIONS,
      useBrowserAutofill: false,
    })
    expect(sent).toEqual([{ credential: CREDENTIAL, rememberMe: true }])
  })

  it('signs in through the email field’s autofill where the browser offers it', async () => {
    const { sent } = passkeyServer()
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true)
    browser.startAuthentication.mockResolvedValue(CREDENTIAL)
    const { router } = renderRoute('/auth/email')
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: OPTIONS,
      useBrowserAutofill: true,
    })
    expect(sent).toHaveLength(1)
  })

  it('shows nothing when the sheet is closed, and the server’s refusal when it refuses', async () => {
    const { server } = passkeyServer()
    browser.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }),
    )
    const { router } = renderRoute('/auth/email')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    await waitFor(() => expect(browser.startAuthentication).toHaveBeenCalledTimes(1))
    expect(screen.queryByText(/passkey/i, { selector: '.MuiAlert-message' })).toBeNull()

    server.on('POST /auth/passkey', () =>
      problem(401, PasskeyErrorCode.notRecognised, PasskeyMessage.notRecognised),
    )
    browser.startAuthentication.mockResolvedValue(CREDENTIAL)
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByText(PasskeyMessage.notRecognised)).toBeVisible()
    expect(router.state.location.pathname).toBe('/auth/email')
  })
})
