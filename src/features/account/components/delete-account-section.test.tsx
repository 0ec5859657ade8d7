import { ACCOUNT_DELETION_MESSAGES as M } from '@contract/account-deletion'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { DeleteAccountSection } from './delete-account-section'

// Issue 40 "Delete my account": the password and the display name typed out, then a last
// dialog; the server's refusal shows on its field, and nothing is sent before both are given.

const ME = '/api/v1/users/me'
const NAME = 'Quiet Cedar'
const withPassword = () => <DeleteAccountSection displayName={NAME} hasPassword />

describe('delete my account', () => {
  it('asks for the password and the exact name before the last dialog, then deletes', async () => {
    const api = fakeApi({ [`DELETE ${ME}`]: { status: 204 } })
    const { router } = renderInRouter(withPassword)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: M.deleteButton }))
    expect(await screen.findByText(M.passwordRequired)).toBeVisible()
    expect(screen.getByText(M.confirmMismatch)).toBeVisible()
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.type(screen.getByLabelText(M.passwordLabel), 'Morning-Candle-2026')
    await user.type(screen.getByRole('textbox', { name: M.confirmLabel(NAME) }), NAME)
    await user.click(screen.getByRole('button', { name: M.deleteButton }))
    const dialog = await screen.findByRole('dialog', { name: M.dialogTitle })
    expect(api.sent('DELETE', ME)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: M.confirmButton }))
    await waitFor(() => expect(api.sent('DELETE', ME)).toHaveLength(1))
    expect(api.sent('DELETE', ME)[0]?.body).toEqual({
      password: 'Morning-Candle-2026',
      confirm: NAME,
    })
    await waitFor(() => expect(router.state.location.state.notice).toBe(M.deleted))
  })

  it('shows a wrong password on its field and deletes nothing', async () => {
    fakeApi({
      [`DELETE ${ME}`]: {
        status: 403,
        json: {
          type: 'about:blank',
          title: 'reauthentication_failed',
          status: 403,
          detail: 'That password is not right. Please try again.',
          errors: [{ field: 'password', message: 'That password is not right. Please try again.' }],
        },
      },
    })
    renderInRouter(withPassword)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(M.passwordLabel), 'wrong-one')
    await user.type(screen.getByRole('textbox', { name: M.confirmLabel(NAME) }), NAME)
    await user.click(screen.getByRole('button', { name: M.deleteButton }))
    await user.click(await screen.findByRole('button', { name: M.confirmButton }))
    expect(await screen.findByText('That password is not right. Please try again.')).toBeVisible()
    expect(screen.getByLabelText(M.passwordLabel)).toHaveAttribute('aria-invalid', 'true')
  })

  it('tells an account without a password that a fresh sign-in is needed', async () => {
    fakeApi({})
    renderInRouter(() => <DeleteAccountSection displayName={NAME} hasPassword={false} />)
    expect(await screen.findByText(M.recentSignInRequired)).toBeVisible()
    expect(screen.queryByLabelText(M.passwordLabel)).toBeNull()
  })
})
