import { ROOM_MESSAGES } from '@contract/rooms'
import type { QueryClient } from '@tanstack/react-query'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { appHubWiring } from '@/app/hub-wiring'
import { setHubLink } from '@/lib/hub-link'
import { fakeApi } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'
import { aRoomDetail, aRoomIntention, ROOM_ID } from '../testing/room-fixtures'

const first = aRoomIntention()
const second = aRoomIntention({
  intention_id: '0190f6f0-0000-7000-8000-000000000002',
  title: 'For our parish, that it may welcome the lonely',
})

type Call = { method: string; args: unknown[] }

/** The room page with a connected hub whose answers the test gives; events go through the app's wiring. */
async function setup({
  canModerate = false,
  joinFails,
}: { canModerate?: boolean; joinFails?: string } = {}) {
  window.sessionStorage.clear()
  fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: { user_id: 'u1', display_name: 'Gentle Dove', email_verified: true },
    },
    [`GET /api/v1/rooms/${ROOM_ID}`]: {
      json: aRoomDetail({ state: 'live', can_moderate: canModerate, intentions: [first, second] }),
    },
    'GET /api/v1/prayer-list': { json: { items: [] } },
    // The page's own connection never comes up: the test's stands in for it.
    'POST /hub/notifications/negotiate': () => new Promise(() => {}),
  })
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const calls: Call[] = []
  const invoke = vi.fn(async (method: string, ...args: unknown[]) => {
    calls.push({ method, args })
    if (method === 'JoinRoom') {
      if (joinFails)
        throw new Error(
          `An unexpected error occurred invoking 'JoinRoom' on the server. HubException: ${joinFails}`,
        )
      return { roomId: ROOM_ID, count: 2, names: ['Quiet Cedar'], intention: first }
    }
    if (method === 'RoomAmen') return { roomId: ROOM_ID, intentionId: args[1], count: 1 }
    if (method === 'AdvanceRoom') return { roomId: ROOM_ID, intention: second }
    return undefined
  })
  const view = renderRoute(`/rooms/${ROOM_ID}`)
  const queryClient = view.router.options.context.queryClient as QueryClient
  act(() => setHubLink(queryClient, invoke))
  const emit = (event: string, payload: unknown) =>
    act(() =>
      appHubWiring.events[event]?.(payload, { queryClient, userId: 'u1', warn: () => () => {} }),
    )
  return { ...view, calls, emit, user: userEvent.setup(), queryClient }
}

describe('/rooms/{id}, live', () => {
  it('joins, shows who is here and the intention, and tells a screen reader who arrives', async () => {
    const { calls, emit, user } = await setup()
    expect(await screen.findByRole('heading', { level: 2, name: first.title })).toBeInTheDocument()
    expect(calls[0]).toEqual({ method: 'JoinRoom', args: [ROOM_ID, { seen: false }] })
    expect(screen.getByText('Quiet Cedar and 1 other are here')).toBeInTheDocument()

    emit('RoomPresenceUpdate', {
      roomId: ROOM_ID,
      count: 3,
      names: ['Quiet Cedar', 'Morning Star'],
    })
    // The query cache tells its observers on the next tick.
    expect(
      await screen.findByText('Quiet Cedar, Morning Star and 1 other are here'),
    ).toBeInTheDocument()
    // Announced by an effect after the render that shows the names, so a render later.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Morning Star joined.'),
    )

    // Quiet mode: no names on this screen, only the count.
    await user.click(screen.getByRole('switch', { name: /quiet mode/i }))
    expect(await screen.findByText('3 people are here')).toBeInTheDocument()
    emit('RoomPresenceUpdate', { roomId: ROOM_ID, count: 2, names: ['Quiet Cedar'] })
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Someone left.'))

    emit('RoomIntentionChanged', { roomId: ROOM_ID, intention: second })
    expect(await screen.findByRole('heading', { level: 2, name: second.title })).toBeInTheDocument()
    // The announcement follows the render that showed the intention (an effect compares them).
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`Now praying for: ${second.title}`),
    )
  })

  it("says Amen once, and pulses with the count when others' Amens arrive", async () => {
    const { calls, emit, user } = await setup()
    await user.click(await screen.findByRole('button', { name: 'Amen' }))
    expect(calls.at(-1)).toEqual({ method: 'RoomAmen', args: [ROOM_ID, first.intention_id] })
    expect(await screen.findByRole('button', { name: 'Amen said' })).toBeDisabled()
    expect(screen.getByText('1 Amen')).toBeInTheDocument()

    const pulse = () => document.querySelector('[data-amen-pulse]')?.getAttribute('data-amen-pulse')
    expect(pulse()).toBe('0')
    emit('RoomAmen', { roomId: ROOM_ID, intentionId: first.intention_id, count: 2 })
    expect(await screen.findByText('2 Amens')).toBeInTheDocument()
    expect(pulse()).toBe('1')
  })

  it('lets the leader move to the next intention', async () => {
    const { calls, user } = await setup({ canModerate: true })
    await user.click(await screen.findByRole('button', { name: 'Next intention' }))
    expect(calls.at(-1)).toEqual({ method: 'AdvanceRoom', args: [ROOM_ID] })
    expect(await screen.findByRole('heading', { level: 2, name: second.title })).toBeInTheDocument()
  })

  it('has no Next for a member, joins again with the name shown once chosen, and leaves on the way out', async () => {
    const { calls, user, router } = await setup()
    await screen.findByRole('heading', { level: 2, name: first.title })
    expect(screen.queryByRole('button', { name: 'Next intention' })).toBeNull()
    await user.click(screen.getByRole('switch', { name: 'Show my name to the others' }))
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ method: 'JoinRoom', args: [ROOM_ID, { seen: true }] }),
    )
    await user.click(await screen.findByRole('button', { name: 'Leave room' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'))
    expect(calls.at(-1)).toEqual({ method: 'LeaveRoom', args: [ROOM_ID] })
  })

  it('says so when the member was removed from this session', async () => {
    await setup({ joinFails: ROOM_MESSAGES.removed })
    expect(await screen.findByText(ROOM_MESSAGES.removed)).toBeInTheDocument()
  })
})
