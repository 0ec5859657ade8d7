import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { AccountPage } from './account-page'

const ME = {
  user_id: 'ann',
  display_name: 'Gentle Dove 4',
  email: 'ann@example.org',
  email_verified: true,
  has_password: true,
}

function server(recoveryCodesLeft: number) {
  return fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': { json: ME },
    'GET /api/v1/users/me': { json: ME },
    'GET /api/v1/users/me/sessions': {
      json: {
        items: [
          {
            session_id: 's-here',
            device: 'Firefox on Windows',
            created_at: '2026-11-20T08:00:00Z',
            last_active_at: '2026-11-29T08:00:00Z',
            current: true,
          },
        ],
      },
    },
    'GET /api/v1/users/me/totp': {
      json: { enabled: true, recovery_codes_left: recoveryCodesLeft },
    },
  })
}

// Issue 42: the account screen in the member's language, its sections, the contract's words and
// the recovery codes counted with each language's plural forms.
describe('the account screen in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words its sections, the deletion’s contract texts and a device in Spanish', async () => {
    await activateLanguage('es')
    server(1)
    renderInRouter(AccountPage)
    expect(await screen.findByRole('heading', { level: 2, name: 'Nombre visible' })).toBeVisible()
    expect(screen.getByRole('heading', { level: 2, name: 'Eliminar mi cuenta' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeVisible()
    expect(screen.getByText(/Esto no se puede deshacer\.$/)).toBeVisible()
    expect(
      screen.getByLabelText('Escribe tu nombre visible (Gentle Dove 4) para confirmar'),
    ).toBeInTheDocument()
    expect(await screen.findByText('Firefox on Windows (este dispositivo)')).toBeVisible()
    expect(await screen.findByText(/Queda 1 código de recuperación\.$/)).toBeVisible()
  })

  it.each([
    [0, 'لم يتبقَّ أي رمز استرداد.'],
    [2, 'تبقّى رمزا استرداد.'],
    [3, /تبقّت (3|٣) رموز استرداد\.$/],
  ])('counts %i recovery codes left with Arabic plural forms', async (left, expected) => {
    await activateLanguage('ar')
    server(left)
    renderInRouter(AccountPage)
    const section = within(await screen.findByRole('region', { name: 'تسجيل الدخول بخطوتين' }))
    expect(
      await section.findByText(
        typeof expected === 'string' ? new RegExp(`${expected.replace('.', '\\.')}$`) : expected,
      ),
    ).toBeVisible()
  })
})
