import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi } from '@/testing/fake-api'
import { anIntention } from '@/testing/intention-fixtures'
import { renderRoute } from '@/testing/render-route'

const intention = anIntention({
  title: 'Healing for my father',
  details: 'He has surgery on Thursday.',
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
})

function openPrayerList() {
  fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/prayer-list': {
      json: {
        items: [
          { intention, added_at: '2026-11-20T09:00:00.000Z', last_prayed_at: null },
          {
            intention: {
              ...intention,
              intention_id: '0190a1b2-c3d4-7e5f-8a9b-000000000002',
              title: 'Peace at home',
              status: 'answered',
            },
            added_at: '2026-11-20T09:00:00.000Z',
            last_prayed_at: '2026-11-21T07:30:00.000Z',
          },
        ],
      },
    },
    'GET /api/v1/users/me/reminders': {
      json: { slots: [{ days: [1, 2, 3, 4, 5, 6, 7], time: '07:00' }], time_zone: 'Europe/Madrid' },
    },
  })
  return renderRoute('/prayerlist')
}

describe('My Prayer List in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('shows the list and its reminders in Spanish, weekdays named by Intl', async () => {
    await activateLanguage('es')
    openPrayerList()
    expect(await screen.findByRole('heading', { name: 'Mi lista de oración' })).toBeInTheDocument()
    const entry = await screen.findByRole('article', { name: 'Healing for my father' })
    expect(entry).toHaveTextContent('Aún no has orado por esta intención')
    expect(screen.getByRole('button', { name: 'Oré' })).toBeEnabled()
    expect(screen.getByText('Respondida')).toBeInTheDocument()
    // The zone's name is isolated (<bdi>) inside the translated sentence.
    expect((await screen.findByText('Europe/Madrid')).parentElement).toHaveTextContent(
      'Las horas están en Europe/Madrid.',
    )
    expect(screen.getByLabelText('Días del recordatorio 1')).toHaveTextContent('lun')
    expect(screen.getByRole('checkbox', { name: 'dom' })).toBeChecked()
  })
})
