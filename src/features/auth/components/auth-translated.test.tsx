import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

afterEach(async () => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
  await activateLanguage('en')
})

describe('sign-in in the member’s language (issue 42)', () => {
  it('words the password step and the contract’s refusal in Spanish, the address kept in bold', async () => {
    await activateLanguage('es')
    const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    server.on('POST /auth/password', () => problem(401, 'invalid_credentials'))
    const view = renderRoute('/auth/email')
    await screen.findByRole('heading', { level: 1, name: 'Continuar con correo electrónico' })
    await act(() =>
      view.router.navigate({
        to: '/auth/password',
        state: { email: 'ann@example.org', next: '/' },
      }),
    )
    await screen.findByRole('heading', { level: 1, name: 'Escribe tu contraseña' })
    expect(screen.getByText('ann@example.org').tagName).toBe('STRONG')
    expect(screen.getByText(/^Iniciando sesión como/)).toHaveTextContent(
      'Iniciando sesión como ann@example.org.',
    )

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    expect(await screen.findByText('Escribe tu contraseña.')).toBeVisible()
    await user.type(screen.getByLabelText(/Contraseña/), 'wrong password')
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    expect(
      await screen.findByText(
        'No encontramos a ningún usuario con ese correo electrónico y esa contraseña.',
      ),
    ).toBeVisible()
  })

  it('shows a contract validation message in Arabic on the forgot-password page', async () => {
    await activateLanguage('ar')
    fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    const user = userEvent.setup()
    renderRoute('/forgot-password')
    await screen.findByRole('heading', { level: 1, name: 'هل نسيت كلمة المرور؟' })
    await user.type(
      screen.getByRole('textbox', { name: /عنوان البريد الإلكتروني/ }),
      'not-an-email',
    )
    await user.click(screen.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }))
    expect(await screen.findByText('أدخل عنوان بريد إلكتروني صالحًا.')).toBeVisible()
  })
})
