import { DASHBOARD_FIGURE_KEYS, type Dashboard } from '@contract/dashboard'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi, signedInStaff } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

const WEEKS = Array.from({ length: 12 }, (_, index) =>
  new Date(Date.UTC(2026, 8, 7 + index * 7)).toISOString().slice(0, 10),
)

const dashboard: Dashboard = {
  time_zone: 'Europe/Madrid',
  generated_at: '2026-11-25T12:00:00.000Z',
  weeks: WEEKS,
  figures: DASHBOARD_FIGURE_KEYS.map((key) => ({
    key,
    value: key === 'prayers_said' ? 1234 : 3,
    series: [...Array<number>(11).fill(0), key === 'prayers_said' ? 1234 : 3],
  })),
}

// Issue 42: the contract's figure names, the page's words, numbers and dates in Spanish.
describe('the dashboard in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words the figures and their weeks in Spanish', async () => {
    await activateLanguage('es')
    window.sessionStorage.clear()
    fakeApi({
      ...signedInStaff('moderator'),
      'GET /api/v1/admin/dashboard': { json: dashboard },
    })
    renderRoute('/admin')
    const prayers = await screen.findByRole('region', { name: 'Oraciones hechas' })
    expect(prayers).toHaveTextContent(/1\.?234esta semana/)
    expect(screen.getByRole('link', { name: 'Descargar CSV' })).toBeVisible()
    expect(
      within(prayers).getByRole('img', { name: /^Oraciones hechas, semana a semana/ }),
    ).toBeVisible()
    expect(within(prayers).getByRole('rowheader', { name: '7 de septiembre' })).toBeInTheDocument()
  })
})
