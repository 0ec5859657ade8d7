import { PasskeyErrorCode, PasskeyMessage } from '@contract/passkeys'
import { EmailChangeErrorCode, EmailChangeMessage } from '@contract/users-email-change'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, problem } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { PasskeysSection } from './passkeys-section'

// Issue 39: the account screen's passkeys: added after the password through the browser's
// sheet (the WebAuthn library stands in for it here), listed, renamed, removed after a question.

const browser = vi.hoisted(() => ({ startRegistration: vi.fn() }))
vi.mock('@simplewebauthn/browser', () => browser)

const LIST = '/api/v1/users/me/passkeys'
const OPTIONS = '/api/v1/users/me/passkeys/options'
const PHONE = {
  id: '0193c6f0-7c1a-7000-8000-000000000001',
  name: 'Chrome on Android',
  created_at: '2026-06-01T09:00:00.000Z',
  last_used_at: null,
}
const CREDENTIAL = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} }
const section = () => <PasskeysSection hasPassword />

beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', class {})
  browser.startRegistration.mockReset()
})

describe('the passkeys section', () => {
  it('asks for the password, then adds a passkey through the browser and lists it', async () => {
    let items: object[] = []
    const api = fakeApi({
      [`GET ${LIST}`]: () => ({ json: { items } }),
      [`POST ${OPTIONS}`]: { json: { challenge: 'abc', rp: { id: 'localhost' } } },
      [`POST ${LIST}`]: () => {
        items = [PHONE]
        return { status: 201, json: PHONE }
      },
    })
    browser.startRegistration.mockResolvedValue(CREDENTIAL)
    renderInRouter(section)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByText(PasskeyMessage.passwordRequired)).toBeVisible()
    expect(api.sent('POST', OPTIONS)).toEqual([])

    await user.type(screen.getByLabelText('Current password'), 'Morning-Candle-2026')
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByText('Your passkey was added.')).toBeVisible()
    expect(api.sent('POST', OPTIONS)[0]?.body).toEqual({ password: 'Morning-Candle-2026' })
    expect(browser.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rp: { id: 'localhost' } },
    })
    expect(api.sent('POST', LIST)[0]?.body).toEqual({ credential: CREDENTIAL })
    const list = await screen.findByRole('list', { name: 'Passkeys' })
    expect(await within(list).findByText('Chrome on Android')).toBeVisible()
    expect(within(list).getByText(/Not used yet/)).toBeVisible()
  })

  it('says quietly that nothing was added when the browser’s sheet is closed', async () => {
    const api = fakeApi({
      [`GET ${LIST}`]: { json: { items: [] } },
      [`POST ${OPTIONS}`]: { json: { challenge: 'abc' } },
    })
    browser.startRegistration.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    )
    renderInRouter(section)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Current password'), 'Morning-Candle-2026')
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }))
    const notice = await screen.findByText('No passkey was added.')
    expect(notice.closest('.MuiAlert-root')?.className).toMatch(/Info/)
    expect(api.sent('POST', LIST)).toEqual([])
  })

  it('shows a wrong password on its field', async () => {
    fakeApi({
      [`GET ${LIST}`]: { json: { items: [] } },
      [`POST ${OPTIONS}`]: {
        status: 403,
        json: {
          type: 'about:blank',
          title: EmailChangeErrorCode.passwordWrong,
          status: 403,
          detail: EmailChangeMessage.passwordWrong,
          errors: [{ field: 'password', message: EmailChangeMessage.passwordWrong }],
        },
      },
    })
    renderInRouter(section)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Current password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByText(EmailChangeMessage.passwordWrong)).toBeVisible()
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true')
    expect(browser.startRegistration).not.toHaveBeenCalled()
  })

  it('renames a passkey, and removes one only after asking, showing a refusal', async () => {
    const api = fakeApi({
      [`GET ${LIST}`]: { json: { items: [PHONE] } },
      [`PATCH ${LIST}/${PHONE.id}`]: { json: { ...PHONE, name: 'My phone' } },
      [`DELETE ${LIST}/${PHONE.id}`]: problem(
        409,
        PasskeyErrorCode.lastWayToSignIn,
        PasskeyMessage.lastWayToSignIn,
      ),
    })
    renderInRouter(section)
    const user = userEvent.setup()
    await user.click(
      await screen.findByRole('button', { name: 'Rename passkey Chrome on Android' }),
    )
    const rename = await screen.findByRole('dialog', { name: 'Rename passkey' })
    const field = within(rename).getByLabelText('Name')
    await user.clear(field)
    await user.click(within(rename).getByRole('button', { name: 'Save' }))
    expect(await within(rename).findByText(PasskeyMessage.nameLength)).toBeVisible()
    await user.type(field, 'My phone')
    await user.click(within(rename).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.sent('PATCH', `${LIST}/${PHONE.id}`)[0]?.body).toEqual({ name: 'My phone' })

    await user.click(screen.getByRole('button', { name: 'Remove passkey Chrome on Android' }))
    const remove = await screen.findByRole('dialog', { name: 'Remove “Chrome on Android”?' })
    expect(api.sent('DELETE', `${LIST}/${PHONE.id}`)).toEqual([])
    await user.click(within(remove).getByRole('button', { name: 'Remove' }))
    expect(await within(remove).findByText(PasskeyMessage.lastWayToSignIn)).toBeVisible()
    expect(api.sent('DELETE', `${LIST}/${PHONE.id}`)).toHaveLength(1)
  })
})
