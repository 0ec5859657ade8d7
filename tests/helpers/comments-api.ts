import { expect } from 'vitest'
import type { CommentWriteResponse } from '@contract/comments'
import type { App } from '../../server/app'
import { call } from './call'

// Comment calls as the client makes them, for the comments tests.

export { call }

export function commentsUrl(intentionId: string, commentId?: string, tail = '') {
  return `/api/v1/intentions/${intentionId}/comments${commentId ? `/${commentId}` : ''}${tail}`
}

/** Posts through the API and insists on 201. */
export async function postComment(
  app: App,
  cookie: string,
  intentionId: string,
  content = 'Praying for you and your family.',
) {
  const response = await call(app, cookie, 'POST', commentsUrl(intentionId), { content })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<CommentWriteResponse>()
}

/** Answered: the prayer is closed to new responses (spec 001 §4). */
export async function setIntentionStatus(
  app: App,
  cookie: string,
  intentionId: string,
  status: 'answered' | 'active',
) {
  const response = await call(app, cookie, 'PATCH', `/api/v1/intentions/${intentionId}/status`, {
    status,
  })
  expect(response.statusCode, response.body).toBe(200)
}
