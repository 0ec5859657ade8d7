import { LinkedSignInErrorCode, LinkedSignInMessage } from '@contract/social-sign-in'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, problem } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { LinkedSignInsSection } from './linked-sign-ins-section'

// Issue 39: the account screen's linked sign-ins: Link goes to the provider in link mode,
// Unlink asks first, the last way in cannot be unlinked, and a stale sign-in is explained.

const LIST = '/api/v1/users/me/identities'
const LINKED_AT = '2026-06-01T09:00:00.000Z'

function answer(overrides: object = {}) {
  return {
    items: [{ provider: 'google', linked_at: LINKED_AT, removable: true }],
    available: ['google', 'facebook'],
    has_password: true,
    passkeys: 0,
    recent_sign_in: true,
    ...overrides,
  }
}

describe('the linked sign-ins section', () => {
  it('lists linked providers with Unlink and the others with Link, which starts the link', async () => {
    fakeApi({ [`GET ${LIST}`]: { json: answer() } })
    renderInRouter(LinkedSignInsSection)

    const list = await screen.findByRole('list', { name: 'Linked sign-ins' })
    const [google, facebook] = within(list).getAllByRole('listitem')
    expect(within(google!).getByText('Google')).toBeVisible()
    expect(within(google!).getByText(/^Linked on/)).toBeVisible()
    expect(within(google!).getByRole('button', { name: 'Unlink Google' })).toBeEnabled()
    expect(within(facebook!).getByText('Not linked')).toBeVisible()

    // A real navigation to the provider, in link mode, back to this screen.
    expect(within(facebook!).getByRole('link', { name: 'Link Facebook' })).toHaveAttribute(
      'href',
      '/auth/facebook/start?next=%2Fsettings%2Faccount&intent=link',
    )
  })

  it('unlinks after asking, and lists the provider as not linked', async () => {
    let items = answer().items
    const api = fakeApi({
      [`GET ${LIST}`]: () => ({ json: answer({ items }) }),
      [`DELETE ${LIST}/google`]: () => {
        items = []
        return { status: 204 }
      },
    })
    renderInRouter(LinkedSignInsSection)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Unlink Google' }))
    const dialog = screen.getByRole('dialog', { name: 'Unlink Google?' })
    expect(api.sent('DELETE', `${LIST}/google`)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.sent('DELETE', `${LIST}/google`)).toHaveLength(1)
    expect(await screen.findByRole('link', { name: 'Link Google' })).toBeVisible()
  })

  it('shows the refusal in the dialog when the server keeps the last way in', async () => {
    fakeApi({
      [`GET ${LIST}`]: { json: answer() },
      [`DELETE ${LIST}/google`]: problem(
        409,
        LinkedSignInErrorCode.lastWayToSignIn,
        LinkedSignInMessage.lastWayToSignIn,
      ),
    })
    renderInRouter(LinkedSignInsSection)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Unlink Google' }))
    const dialog = screen.getByRole('dialog', { name: 'Unlink Google?' })
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }))
    expect(await within(dialog).findByText(LinkedSignInMessage.lastWayToSignIn)).toBeVisible()
  })

  it('disables Unlink on the last way in and says why', async () => {
    fakeApi({
      [`GET ${LIST}`]: {
        json: answer({
          items: [{ provider: 'google', linked_at: LINKED_AT, removable: false }],
          has_password: false,
        }),
      },
    })
    renderInRouter(LinkedSignInsSection)
    const unlink = await screen.findByRole('button', { name: 'Unlink Google' })
    expect(unlink).toBeDisabled()
    expect(unlink).toHaveAccessibleDescription(
      expect.stringContaining(LinkedSignInMessage.lastWayToSignIn),
    )
  })

  it('asks for a new sign-in before linking or unlinking when the last one is not recent', async () => {
    fakeApi({ [`GET ${LIST}`]: { json: answer({ recent_sign_in: false }) } })
    renderInRouter(LinkedSignInsSection)
    expect(await screen.findByText(LinkedSignInMessage.recentSignInRequired)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Link Facebook' })).toBeDisabled()
  })

  it('offers only the providers this server has, and says so when it has none', async () => {
    fakeApi({ [`GET ${LIST}`]: { json: answer({ items: [], available: [] }) } })
    renderInRouter(LinkedSignInsSection)
    expect(
      await screen.findByText('Signing in with Google or Facebook is not available here.'),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: /^Link/ })).not.toBeInTheDocument()
  })

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true
    fakeApi({
      [`GET ${LIST}`]: () => (fail ? problem(500, 'internal') : { json: answer() }),
    })
    renderInRouter(LinkedSignInsSection)
    expect(await screen.findByText('Could not load your linked sign-ins.')).toBeVisible()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Unlink Google' })).toBeVisible()
  })

  it('says what the provider round trip linked', async () => {
    fakeApi({ [`GET ${LIST}`]: { json: answer() } })
    const { router } = renderInRouter(LinkedSignInsSection)
    await router.navigate({ to: '/', state: { notice: LinkedSignInMessage.linked('google') } })
    expect(await screen.findByRole('status')).toHaveTextContent(
      LinkedSignInMessage.linked('google'),
    )
  })
})
