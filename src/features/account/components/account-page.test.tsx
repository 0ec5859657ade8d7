import { AccountMessage } from '@contract/account'
import { AuthMessage } from '@contract/auth'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, problem, type FakeRoute } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { AccountPage } from './account-page'

// Issue 39: the account screen. Each form sends the call and shows a refusal at its
// field; the devices list signs out one device or all the others.

const ME = {
  user_id: 'ann',
  display_name: 'Gentle Dove 4',
  email: 'ann@example.org',
  email_verified: true,
}
const SESSIONS = {
  items: [
    {
      session_id: 's-here',
      device: 'Firefox on Windows',
      created_at: '2026-11-20T08:00:00Z',
      last_active_at: '2026-11-29T08:00:00Z',
      current: true,
    },
    {
      session_id: 's-phone',
      device: 'Chrome on Android',
      created_at: '2026-11-01T08:00:00Z',
      last_active_at: '2026-11-28T08:00:00Z',
      current: false,
    },
  ],
}

function server(
  me: object = { ...ME, has_password: true },
  routes: Record<string, FakeRoute> = {},
) {
  return fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': { json: me },
    'GET /api/v1/users/me': { json: me },
    'GET /api/v1/users/me/sessions': { json: SESSIONS },
    ...routes,
  })
}

const section = async (name: string) => screen.findByRole('region', { name })

describe('the account screen', () => {
  it('changes the display name, and says when a change is refused till next week', async () => {
    let calls = 0
    const api = server(undefined, {
      'PATCH /api/v1/users/me': () =>
        ++calls === 1
          ? { json: { ...ME, display_name: 'Quiet Harbor 9' } }
          : {
              status: 429,
              json: {
                ...(problem(429, 'display_name_too_soon').json as object),
                detail: AccountMessage.displayNameTooSoon('6 December 2026 at 09:00 UTC'),
                errors: [
                  {
                    field: 'display_name',
                    message: AccountMessage.displayNameTooSoon('6 December 2026 at 09:00 UTC'),
                  },
                ],
              },
            },
    })
    renderInRouter(AccountPage)
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    const names = within(await section('Display name'))
    const field = await names.findByRole('textbox', { name: 'Display name' })
    expect(field).toHaveValue('Gentle Dove 4')
    const user = userEvent.setup()
    await user.clear(field)
    await user.type(field, 'Quiet Harbor 9')
    await user.click(names.getByRole('button', { name: 'Change display name' }))
    expect(await names.findByText('Your display name is now Quiet Harbor 9.')).toBeVisible()
    expect(api.sent('PATCH', '/api/v1/users/me')[0]?.body).toEqual({
      display_name: 'Quiet Harbor 9',
    })

    await user.clear(field)
    await user.type(field, 'Still Brook 2')
    await user.click(names.getByRole('button', { name: 'Change display name' }))
    expect(
      await names.findByText(AccountMessage.displayNameTooSoon('6 December 2026 at 09:00 UTC')),
    ).toBeVisible()
    expect(field).toHaveAccessibleDescription(
      AccountMessage.displayNameTooSoon('6 December 2026 at 09:00 UTC'),
    )
  })

  it('asks for the email with the password, and shows the address waiting for its link', async () => {
    let me: object = { ...ME, has_password: true }
    const api = fakeApi({
      'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
      'GET /api/v1/users/me/': () => ({ json: me }),
      'GET /api/v1/users/me': () => ({ json: me }),
      'GET /api/v1/users/me/sessions': { json: SESSIONS },
      'POST /api/v1/users/me/email': (request) => {
        const { password } = request.body as { password: string }
        if (password !== 'Right-password-1')
          return problem(
            403,
            'reauthentication_failed',
            'That password is not right. Please try again.',
          )
        me = { ...ME, has_password: true, pending_email: 'new@example.org' }
        return { status: 202, json: { pending_email: 'new@example.org' } }
      },
    })
    renderInRouter(AccountPage)
    const email = within(await section('Email'))
    const user = userEvent.setup()
    await user.type(await email.findByRole('textbox', { name: 'New email' }), 'new@example.org')
    await user.type(email.getByLabelText('Current password'), 'Wrong-password-1')
    await user.click(email.getByRole('button', { name: 'Change email' }))
    expect(email.getByLabelText('Current password')).toHaveAccessibleDescription(
      'That password is not right. Please try again.',
    )
    await user.clear(email.getByLabelText('Current password'))
    await user.type(email.getByLabelText('Current password'), 'Right-password-1')
    await user.click(email.getByRole('button', { name: 'Change email' }))
    expect(
      await email.findByText(
        /We sent a link to new@example.org\. Your email changes once you follow it/,
      ),
    ).toBeVisible()
    expect(api.sent('POST', '/api/v1/users/me/email').at(-1)?.body).toEqual({
      email: 'new@example.org',
      password: 'Right-password-1',
    })
  })

  it('changes the password with the current one, refusing a mismatch before sending', async () => {
    const api = server(undefined, {
      'POST /api/v1/users/me/password': { status: 204 },
    })
    renderInRouter(AccountPage)
    const password = within(await section('Password'))
    const user = userEvent.setup()
    await user.type(await password.findByLabelText('Current password'), 'Old-password-123')
    await user.type(password.getByLabelText('New password'), 'Evening-Lantern-2026')
    await user.type(password.getByLabelText('Confirm new password'), 'Evening-Lantern-2025')
    await user.click(password.getByRole('button', { name: 'Change password' }))
    expect(password.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      AuthMessage.passwordMismatch,
    )
    expect(api.sent('POST', '/api/v1/users/me/password')).toEqual([])
    await user.clear(password.getByLabelText('Confirm new password'))
    await user.type(password.getByLabelText('Confirm new password'), 'Evening-Lantern-2026')
    await user.click(password.getByRole('button', { name: 'Change password' }))
    expect(await password.findByText(AccountMessage.passwordChanged)).toBeVisible()
    expect(api.sent('POST', '/api/v1/users/me/password')[0]?.body).toEqual({
      current_password: 'Old-password-123',
      new_password: 'Evening-Lantern-2026',
    })
  })

  it('lets a Google-only account set a first password without a current one', async () => {
    const api = server(
      { ...ME, has_password: false },
      {
        'POST /api/v1/users/me/password': { status: 204 },
      },
    )
    renderInRouter(AccountPage)
    const password = within(await section('Password'))
    const user = userEvent.setup()
    await user.type(await password.findByLabelText('New password'), 'Evening-Lantern-2026')
    expect(password.queryByLabelText('Current password')).toBeNull()
    await user.type(password.getByLabelText('Confirm new password'), 'Evening-Lantern-2026')
    await user.click(password.getByRole('button', { name: 'Set a password' }))
    await waitFor(() =>
      expect(api.sent('POST', '/api/v1/users/me/password')[0]?.body).toEqual({
        new_password: 'Evening-Lantern-2026',
      }),
    )
  })

  it('lists the devices, marks this one, and signs out another or all the others', async () => {
    const api = server(undefined, {
      'DELETE /api/v1/users/me/sessions/s-phone': { status: 204 },
      'DELETE /api/v1/users/me/sessions': { status: 204 },
    })
    renderInRouter(AccountPage)
    const list = await screen.findByRole('list', { name: 'Signed-in devices' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Firefox on Windows (this device)'),
      expect.stringContaining('Chrome on Android'),
    ])
    expect(within(items[0]!).queryByRole('button')).toBeNull()
    const user = userEvent.setup()
    await user.click(within(items[1]!).getByRole('button', { name: /^Sign out Chrome on Android/ }))
    expect(await screen.findByText('Chrome on Android was signed out.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }))
    expect(await screen.findByText('Every other device was signed out.')).toBeVisible()
    expect(
      api.requests.filter((request) => request.method === 'DELETE').map((r) => r.path),
    ).toEqual(['/api/v1/users/me/sessions/s-phone', '/api/v1/users/me/sessions'])
  })
})
