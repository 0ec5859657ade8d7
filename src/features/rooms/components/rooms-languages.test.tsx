import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'
import { aRoom } from '../testing/room-fixtures'

function showRooms(rooms: ReturnType<typeof aRoom>[]) {
  window.sessionStorage.clear()
  fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: { user_id: 'u1', display_name: 'Gentle Dove', email_verified: true, roles: ['member'] },
    },
    'GET /api/v1/rooms': { json: { items: rooms } },
  })
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  renderRoute('/rooms')
}

const live = aRoom({
  room_id: '0190f6f0-0000-7000-8000-0000000000b1',
  name: 'Laudes',
  state: 'live',
  presence_count: 2,
  group_id: null,
  group_name: null,
})

// Issue 42: the rooms list in the member's language, its days and plurals by Intl and ICU.
describe('/rooms in other languages', () => {
  afterEach(() => activateLanguage('en'))

  it('speaks Spanish: the page, the schedule with Spanish weekdays, Remind me and Join', async () => {
    await activateLanguage('es')
    showRooms([live, aRoom()])
    const [liveCard, weekly] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement]
    expect(screen.getByRole('heading', { level: 1, name: 'Salas de oración' })).toBeInTheDocument()
    expect(within(liveCard).getByText('Pública')).toBeInTheDocument()
    expect(within(liveCard).getByRole('link', { name: 'Entrar en Laudes' })).toHaveTextContent(
      'Entrar (2 aquí)',
    )
    expect(
      within(weekly).getByText(/Empieza el .* · Cada lun y mié, 30 minutos/),
    ).toBeInTheDocument()
    expect(
      within(weekly).getByRole('switch', { name: 'Recordarme Evening prayer' }),
    ).toBeInTheDocument()
  })

  it('counts with the Arabic plural forms', async () => {
    await activateLanguage('ar')
    showRooms([aRoom({ duration_minutes: 45, repeat: null }), { ...live, presence_count: 2 }])
    const [once, liveCard] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement]
    // The length is a value of the sentence: isolated (U+2068 … U+2069) in a right-to-left one.
    expect(within(once).getByText(/مرة واحدة، \u206845 دقيقة\u2069/)).toBeInTheDocument()
    expect(within(liveCard).getByRole('link', { name: /^الانضمام إلى/ })).toHaveTextContent(
      'انضم (2 هنا)',
    )
  })
})
