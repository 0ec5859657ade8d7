// The create form keeps its draft in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto'
import type { Testimony } from '@contract/testimonies'
import type { Intention } from '@contract/intentions'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { anIntention as aWallIntention } from '@/testing/intention-fixtures'
import { renderRoute } from '@/testing/render-route'

// Shared by the testimonies component tests: the real routes against a fake server.

export const FEED = 'GET /api/v1/testimonies'

let sequence = 0

export function aTestimony(overrides: Partial<Testimony> = {}): Testimony {
  sequence += 1
  return {
    testimony_id: `0190f5a4-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    title: `A testimony of answered prayer number ${sequence}`,
    text: 'God carried our family through a long winter, and we are grateful for every prayer.',
    category_tags: [],
    visibility: 'public',
    intention_id: null,
    intention_title: null,
    author_display_name: 'Gentle Lark',
    created_at: '2026-11-20T10:00:00.000Z',
    said_amen: false,
    amen_count: 0,
    is_mine: false,
    ...overrides,
  }
}

export function feedPage(items: Testimony[], nextCursor: string | null = null) {
  return { json: { items, nextCursor } }
}

export function openTestimonies(path: string, routes: Record<string, FakeRoute>) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: 'me',
        display_name: 'Quiet Dove',
        email_verified: true,
        is_moderator: false,
      },
    },
    ...routes,
  })
  const view = renderRoute(path)
  return { ...view, api, user: userEvent.setup() }
}

export const card = (title: string) => screen.findByRole('article', { name: title })

export const INTENTIONS = 'GET /api/v1/intentions'

/** The member's own answered request, as the picker and Prayer Details read it. */
export function anIntention(overrides: Partial<Intention> = {}): Intention {
  sequence += 1
  return aWallIntention({
    intention_id: `0190f5a4-1111-7000-8000-${String(sequence).padStart(12, '0')}`,
    title: `An answered prayer request number ${sequence}`,
    details: 'Please pray with us for a safe journey home and for peace in the waiting.',
    created_at: '2026-10-01T09:00:00.000Z',
    updated_at: '2026-10-01T09:00:00.000Z',
    status: 'answered',
    status_changed_at: '2026-11-01T09:00:00.000Z',
    is_mine: true,
    ...overrides,
  })
}
