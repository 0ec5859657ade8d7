import type { QueueItem } from '@contract/moderation'
import userEvent from '@testing-library/user-event'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

export type Role = 'member' | 'moderator' | 'admin'

export const VIEWER_ID = '0190f6f0-0000-7000-8000-00000000000a'

/** The profile answer of spec 000 §3 for a viewer holding `role`. */
export function profileFor(role: Role) {
  return {
    user_id: VIEWER_ID,
    display_name: 'Gentle Dove',
    email: 'dove@example.org',
    email_verified: true,
    is_moderator: role !== 'member',
    roles: role === 'member' ? ['member'] : ['member', role],
  }
}

let sequence = 0

/** A queue item as the server sends it; `patch` overrides the parts a test is about. */
export function queueItem(patch: {
  urgent?: boolean
  reportCount?: number
  target?: Partial<QueueItem['target']>
  authorHistory?: Partial<QueueItem['authorHistory']>
  reports?: QueueItem['reports']
  categories?: QueueItem['categories']
  resolvedAt?: string | null
  waitingForReview?: QueueItem['waitingForReview']
}): QueueItem {
  sequence += 1
  const id = `0190f6f0-0000-7000-8000-${String(sequence).padStart(12, '0')}`
  return {
    target: {
      type: 'comment',
      id,
      intentionId: '0190f6f0-0000-7000-8000-0000000000ff',
      title: null,
      text: `Reported words ${sequence}`,
      createdAt: '2026-11-20T09:00:00.000Z',
      removedAt: null,
      removalReason: null,
      heldAt: null,
      author: { userId: '0190f6f0-0000-7000-8000-0000000000a1', displayName: 'Restless Wave' },
      ...patch.target,
    },
    urgent: patch.urgent ?? false,
    reportCount: patch.reportCount ?? patch.reports?.length ?? 0,
    waitingForReview: patch.waitingForReview ?? null,
    lastReportedAt: patch.reports?.[0]?.createdAt ?? null,
    categories: patch.categories ?? [],
    reports: patch.reports ?? [],
    authorHistory: {
      itemsLast30Days: 4,
      removalsTotal: 0,
      suspendedUntil: null,
      ...patch.authorHistory,
    },
    resolvedAt: patch.resolvedAt ?? null,
  }
}

/** Renders `path` signed in as `role`, with the fake server answering `routes` too. */
export function renderAs(role: Role, path: string, routes: Record<string, FakeRoute> = {}) {
  // The tab's cached profile paints first (lib/session.ts): start each test from a fresh tab.
  window.sessionStorage.clear()
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': { json: profileFor(role) },
    ...routes,
  })
  const user = userEvent.setup()
  return { ...renderRoute(path), api, user }
}
