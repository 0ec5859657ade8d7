import type { Testimony } from '@contract/testimonies'
import { configure, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

// Shared by the testimonies component tests: the real routes against a fake server. The suite
// shares a loaded machine with other work: async queries wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 })

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
