import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

// The composer's route as a verified member sees it, against a fake server (component tests).
export const TITLE = 'Please pray for my mother in hospital'
export const DETAILS =
  'She has surgery on Monday morning and we are hoping for a calm recovery and good news.'
const member = {
  user_id: 'u1',
  display_name: 'Gentle Dove',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.org',
  email_verified: true,
}

export function created(body: Record<string, unknown>) {
  return {
    intention_id: '0190f6f0-0000-7000-8000-000000000001',
    title: body.title,
    details: body.details,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    author_display_name: 'Gentle Dove',
    identity_mode: body.identity_mode,
    status: 'active',
    closure_reason: null,
    status_changed_at: null,
    tags: body.tags,
    scripture_ref: body.scripture,
    destination: body.destination,
    group_id: body.group_id,
    group_name: null,
    prayed_count: 0,
    amen_count: 0,
    candle_count: 0,
    comments_count: 0,
    has_prayed: false,
    said_amen: false,
    lighted_candle: false,
    has_reported: false,
    has_testimony: false,
    testimony_id: null,
    testimony_title: null,
    is_mine: true,
  }
}

export function setupComposer(routes: Record<string, FakeRoute> = {}, groups: unknown[] = []) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': { json: member },
    'GET /api/v1/groups/mine': { json: groups },
    'GET /api/v1/tags': { json: ['healing', 'family', 'work'] },
    'GET /api/v1/intentions': { json: { items: [], next_cursor: null } },
    'POST /api/v1/intentions': ({ body }) => ({
      status: 201,
      json: created(body as Record<string, unknown>),
    }),
    ...routes,
  })
  const view = renderRoute('/prayerwall/create')
  return { ...view, api, user: userEvent.setup() }
}

export async function fillValidComposer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('textbox', { name: /title/i }))
  await user.paste(TITLE)
  await user.click(screen.getByRole('textbox', { name: /details/i }))
  await user.paste(DETAILS)
}
