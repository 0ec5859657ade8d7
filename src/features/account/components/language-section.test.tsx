import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, problem } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { AccountPage } from './account-page'

// Issue 42: the account screen's language. Saved on the account, then the open page changes to
// it without a reload, <html lang dir> with it; Arabic reads right to left.

const ME = { user_id: 'ann', display_name: 'Gentle Dove 4', email: 'ann@example.org' }

function server(language: string | null, patch: () => object) {
  return fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': { json: { ...ME, language } },
    'GET /api/v1/users/me': { json: { ...ME, language } },
    'GET /api/v1/users/me/sessions': { json: { items: [] } },
    'PATCH /api/v1/users/me': patch,
  })
}

describe("the account screen's language", () => {
  it('saves Spanish, then Arabic, and the open page follows each without a reload', async () => {
    const api = server(null, () => ({ json: ME }))
    renderInRouter(AccountPage)
    const user = userEvent.setup()
    const menu = await screen.findByRole('combobox', { name: 'Language' })
    expect(menu).toHaveValue('')
    const page = document.body.firstElementChild

    await user.selectOptions(menu, 'es')
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuenta' })).toBeVisible()
    expect(screen.getByText('Idioma guardado.')).toBeVisible()
    expect(api.sent('PATCH', '/api/v1/users/me')[0]?.body).toEqual({ language: 'es' })
    expect(document.documentElement).toHaveAttribute('lang', 'es')
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'ar')
    expect(await screen.findByRole('heading', { level: 1, name: 'الحساب' })).toBeVisible()
    expect(document.documentElement).toHaveAttribute('lang', 'ar')
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    // The same document all along: the page was changed, not loaded again.
    expect(document.body.firstElementChild).toBe(page)

    await user.selectOptions(screen.getByRole('combobox', { name: 'اللغة' }), '')
    await waitFor(() =>
      expect(api.sent('PATCH', '/api/v1/users/me').at(-1)?.body).toEqual({ language: null }),
    )
    // Back to the browser's languages: jsdom's are English.
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')
  })

  it('keeps the page as it was and says so when the language cannot be saved', async () => {
    server(null, () => problem(500, 'internal_error'))
    renderInRouter(AccountPage)
    const user = userEvent.setup()
    const languages = within(await screen.findByRole('region', { name: 'Language' }))
    const menu = await languages.findByRole('combobox', { name: 'Language' })
    expect(menu).toHaveValue('')
    await user.selectOptions(menu, 'ar')
    expect(
      await languages.findByText('The language could not be saved. Please try again.'),
    ).toBeVisible()
    expect(menu).toHaveValue('')
    expect(document.documentElement).not.toHaveAttribute('dir', 'rtl')
  })
})
