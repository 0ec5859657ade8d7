import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Intention } from '@contract/intentions'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { anIntention } from '@/testing/intention-fixtures'
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

/** The request as the server answers the composer's POST: what was sent, as the author's. */
export function created(body: Record<string, unknown>) {
  return anIntention({
    intention_id: '0190f6f0-0000-7000-8000-000000000001',
    title: body.title as string,
    details: body.details as string,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    author_display_name: 'Gentle Dove',
    identity_mode: body.identity_mode as Intention['identity_mode'],
    tags: body.tags as string[],
    scripture_ref: body.scripture as string | null,
    destination: body.destination as Intention['destination'],
    group_id: body.group_id as string | null,
    is_mine: true,
  })
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
