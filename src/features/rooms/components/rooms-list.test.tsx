import { ROOM_MESSAGES } from '@contract/rooms'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, type FakeRoute, problem } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'
import { aRoom, GROUP_ID, ROOM_ID } from '../testing/room-fixtures'

/**
 * The places the open "Who can join" menu offers. Asked of its listbox only: the form's native
 * time-zone list has several hundred options, and a role query over the whole page checks each
 * one's visibility (seconds in jsdom).
 */
const placesOffered = () =>
  within(screen.getByRole('listbox', { name: 'Who can join' }))
    .getAllByRole('option')
    .map((option) => option.textContent)

function setup(path: string, routes: Record<string, FakeRoute> = {}, roles = ['member']) {
  window.sessionStorage.clear()
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: { user_id: 'u1', display_name: 'Gentle Dove', email_verified: true, roles },
    },
    'GET /api/v1/groups/mine': {
      json: [
        { id: GROUP_ID, name: 'Night Watch', description: null, invite_code: null, role: 'member' },
      ],
    },
    ...routes,
  })
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const user = userEvent.setup()
  return { ...renderRoute(path), api, user }
}

describe('/rooms', () => {
  it('lists live and upcoming rooms; Remind me is saved and a live room can be joined', async () => {
    const live = aRoom({
      room_id: '0190f6f0-0000-7000-8000-0000000000b1',
      name: 'Morning Lauds',
      state: 'live',
      presence_count: 4,
      group_id: null,
      group_name: null,
    })
    const { api, user } = setup('/rooms', {
      'GET /api/v1/rooms': { json: { items: [live, aRoom()] } },
      [`PUT /api/v1/rooms/${ROOM_ID}/reminder`]: { status: 204 },
    })
    const cards = await screen.findAllByRole('article')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Morning Lauds',
      'Evening prayer',
    ])
    expect(within(cards[0]!).getByText('Public')).toBeInTheDocument()
    expect(within(cards[0]!).getByRole('link', { name: 'Join Morning Lauds' })).toHaveAttribute(
      'href',
      `/rooms/${live.room_id}`,
    )
    expect(within(cards[1]!).getByText(/Every Mon and Wed, 30 minutes/)).toBeInTheDocument()
    expect(within(cards[1]!).queryByRole('link', { name: /^Join/ })).toBeNull()

    const remind = within(cards[1]!).getByRole('switch', { name: 'Remind me of Evening prayer' })
    await user.click(remind)
    expect(remind).toBeChecked()
    await waitFor(() =>
      expect(api.sent('PUT', `/api/v1/rooms/${ROOM_ID}/reminder`)).toHaveLength(1),
    )
  })

  it('puts the switch back when the reminder cannot be saved', async () => {
    const { user } = setup('/rooms', {
      'GET /api/v1/rooms': { json: { items: [aRoom({ reminded: true })] } },
      [`DELETE /api/v1/rooms/${ROOM_ID}/reminder`]: problem(500, 'server_error'),
    })
    const remind = await screen.findByRole('switch', { name: 'Remind me of Evening prayer' })
    await user.click(remind)
    expect(await screen.findByText(/reminder could not be saved/)).toBeInTheDocument()
    expect(remind).toBeChecked()
  })

  it('shows the page for a room one may not see as not found', async () => {
    setup(`/rooms/${ROOM_ID}`, {
      [`GET /api/v1/rooms/${ROOM_ID}`]: problem(404, 'not_found'),
    })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('creates a weekly group room with the days, the time in its zone and the length', async () => {
    const { api, user, router } = setup('/rooms/create', {
      'POST /api/v1/rooms': { status: 201, json: aRoom() },
      [`GET /api/v1/rooms/${ROOM_ID}`]: problem(404, 'not_found'),
    })
    await user.click(await screen.findByRole('textbox', { name: /room name/i }))
    await user.paste('Evening prayer')
    expect(screen.getByRole('combobox', { name: 'Who can join' })).toHaveTextContent('Night Watch')
    await user.click(screen.getByRole('radio', { name: 'Every week' }))
    await user.click(screen.getByRole('button', { name: 'Create room' }))
    expect(await screen.findByText(ROOM_MESSAGES.daysRequired)).toBeInTheDocument()
    expect(api.sent('POST', '/api/v1/rooms')).toHaveLength(0)
    await user.click(screen.getByRole('checkbox', { name: 'Wed' }))
    await user.click(screen.getByRole('checkbox', { name: 'Mon' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/Rome')
    const duration = screen.getByRole('spinbutton', { name: /duration/i })
    await user.tripleClick(duration)
    await user.paste('45')
    await user.click(screen.getByRole('button', { name: 'Create room' }))

    await waitFor(() => expect(api.sent('POST', '/api/v1/rooms')).toHaveLength(1))
    const body = api.sent('POST', '/api/v1/rooms')[0]?.body as Record<string, unknown>
    expect(body).toMatchObject({
      name: 'Evening prayer',
      group_id: GROUP_ID,
      duration_minutes: 45,
      repeat: { days: [1, 3], time_zone: 'Europe/Rome' },
      quiet: false,
    })
    // 19:00 on a Monday or Wednesday in Rome.
    const start = new Date(body.starts_at as string)
    const rome = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(start)
    expect(rome).toMatch(/^(Mon|Wed) 19:00$/)
    expect(start.getTime()).toBeGreaterThan(Date.now())
    await waitFor(() => expect(router.state.location.pathname).toBe(`/rooms/${ROOM_ID}`))
  })

  it('offers a member only their groups', async () => {
    const { user } = setup('/rooms/create')
    await user.click(await screen.findByRole('combobox', { name: 'Who can join' }))
    expect(placesOffered()).toEqual(['Night Watch'])
  })

  it('offers a moderator a public room', async () => {
    const { user } = setup('/rooms/create', {}, ['member', 'moderator'])
    const place = await screen.findByRole('combobox', { name: 'Who can join' })
    await waitFor(() => expect(place).toHaveTextContent('Public'))
    await user.click(place)
    expect(placesOffered()).toEqual(['Public', 'Night Watch'])
  })
})
