import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVALID_CURSOR_MESSAGE } from '@contract/pagination'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { call, person, type Person } from '../../tests/helpers/moderation-api'

// Issue 14: the moderation lists' cursors carry their sort key back into SQL. A tampered one is
// the cursor's 400, never a database error answered as a 500.
let t: TestApp
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  admin = await person(t.app, ['member', 'moderator', 'admin'])
})
afterAll(() => t.close())

const ID = '01933b5e-8c3a-7a3e-9f00-000000000001'
const cursorOf = (key: object) => Buffer.from(JSON.stringify(key)).toString('base64url')

describe('a tampered cursor', () => {
  it.each([
    [
      'the open queue',
      '/api/v1/moderation/queue?status=open',
      { u: true, c: 1, t: 'soon', id: ID },
    ],
    ['the resolved queue', '/api/v1/moderation/queue?status=resolved', { t: '2026-13-45', id: ID }],
    ['the members list', '/api/v1/admin/users', { name: 'Ann\u0000', id: ID }],
  ])('on %s is a 400', async (_list, url, key) => {
    const response = await call(
      t.app,
      admin.cookie,
      'GET',
      `${url}${url.includes('?') ? '&' : '?'}cursor=${cursorOf(key)}`,
    )
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({
      title: 'validation_error',
      detail: INVALID_CURSOR_MESSAGE,
    })
  })
})
