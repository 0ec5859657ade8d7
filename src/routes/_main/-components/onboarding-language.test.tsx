import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

afterEach(async () => {
  window.sessionStorage.clear()
  window.localStorage.clear()
  await activateLanguage('en')
})

const account = {
  user_id: 'u1',
  display_name: 'Quiet Cedar',
  first_name: null,
  last_name: null,
  email: 'ann@example.org',
  email_verified: false,
  is_moderator: false,
  roles: ['member'],
  has_profile: false,
  onboarding_profile: null,
  language: null,
}

function newMember() {
  return fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: false } },
    'GET /api/v1/users/me': { json: account },
    'GET /api/v1/users/me/': { json: account },
    'GET /api/v1/users/display-name': {
      json: { displayName: 'Quiet Cedar', display_name: 'Quiet Cedar' },
    },
    'PATCH /api/v1/users/me': { json: account },
  })
}

// Issue 42: a new member chooses their language while completing their profile; it is kept on
// the account (PATCH /api/v1/users/me, as on the account screen) and the page follows at once.
describe('onboarding in the member’s language', { timeout: 60_000 }, () => {
  it('saves the language chosen on the onboarding page and words the form in it', async () => {
    const api = newMember()
    renderRoute('/onboarding')
    const user = userEvent.setup()
    const menu = await screen.findByRole('combobox', { name: 'Language' }, { timeout: 15_000 })
    expect(menu).toHaveValue('')

    await user.selectOptions(menu, 'es')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Completa tu perfil' }),
    ).toBeVisible()
    expect(api.sent('PATCH', '/api/v1/users/me')[0]?.body).toEqual({ language: 'es' })
    expect(screen.getByText('Idioma guardado.')).toBeVisible()
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
    // Its own words, the contract's gender labels and the months (Intl), all in Spanish.
    expect(screen.getByRole('button', { name: 'Actualizar perfil y continuar' })).toBeVisible()
    const gender = screen.getByLabelText(/Género/)
    expect(within(gender).getByRole('option', { name: 'Prefiero no decirlo' })).toBeInTheDocument()
    const month = screen.getByLabelText(/Mes de nacimiento/)
    expect(within(month).getByRole('option', { name: 'abril' })).toHaveValue('4')
  })

  it('greets and explains the display name in Arabic', async () => {
    await activateLanguage('ar')
    newMember()
    renderRoute('/onboarding')
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'أكمل ملفك الشخصي' },
        { timeout: 15_000 },
      ),
    ).toBeVisible()
    const name = await screen.findByText('Quiet Cedar', { selector: 'strong' })
    expect(name.parentElement).toHaveTextContent(/^اسمك الظاهر للعموم هو/)
  })
})
