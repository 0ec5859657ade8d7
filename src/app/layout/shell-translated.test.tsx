import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { renderRoute } from '@/testing/render-route'
import { SignOutWarning } from './sign-out-warning'

describe('the shell in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words the not-found page and the visitors’ header in Spanish', async () => {
    await activateLanguage('es')
    renderRoute('/no/such/page')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Funciones' })).toBeVisible()
  })

  it('says how many saved writes signing out deletes with Arabic plural forms', async () => {
    await activateLanguage('ar')
    const writes = [
      { id: 'a', write: { kind: 'pray', intentionId: 'p1' } },
      { id: 'b', write: { kind: 'comment', intentionId: 'p1', content: 'معكم بالصلاة' } },
    ] as Parameters<typeof SignOutWarning>[0]['writes']
    render(<SignOutWarning writes={writes} onStay={() => {}} onSignOut={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: 'تسجيل الخروج وحذف صلواتك المحفوظة؟' })
    expect(within(dialog).getByText(/^حُفظ هذان العنصران/)).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'البقاء مسجّلًا الدخول' })).toBeVisible()
    expect(within(dialog).getByText('صلاة لأجل طلب صلاة')).toBeVisible()
  })
})
