import { expect } from 'vitest'
import type { ModerationTargetType, QueuePage } from '@contract/moderation'
import type { App } from '../../server/app'
import { createUser, signIn, type TestUser } from './users'
import type { UserRole } from '../../server/users/users.table'
import { call } from './call'

// Moderation calls as the client makes them, and the cast of a moderation test.

export { call }

export interface Person extends TestUser {
  cookie: string
}

export async function person(app: App, roles: UserRole[] = ['member']): Promise<Person> {
  const user = await createUser(app.deps.db, { roles })
  return { ...user, cookie: await signIn(app, user) }
}

export async function reportIntention(app: App, cookie: string, intentionId: string) {
  const response = await call(app, cookie, 'POST', `/api/v1/intentions/${intentionId}/report`, {
    category: 'inappropriate',
    note: 'Not kind',
  })
  expect(response.statusCode, response.body).toBe(204)
}

export async function reportComment(
  app: App,
  cookie: string,
  intentionId: string,
  commentId: string,
) {
  const response = await call(
    app,
    cookie,
    'POST',
    `/api/v1/intentions/${intentionId}/comments/${commentId}/report`,
    { category: 'spam', note: null },
  )
  expect(response.statusCode, response.body).toBe(204)
}

export async function queueOf(app: App, cookie: string, query = ''): Promise<QueuePage> {
  const response = await call(app, cookie, 'GET', `/api/v1/moderation/queue${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

export async function act(
  app: App,
  cookie: string,
  action: 'dismiss' | 'remove' | 'restore',
  target: { type: ModerationTargetType; id: string },
  payload: object = {},
) {
  const response = await call(
    app,
    cookie,
    'POST',
    `/api/v1/moderation/items/${target.type}/${target.id}/${action}`,
    payload,
  )
  expect(response.statusCode, response.body).toBe(204)
}
