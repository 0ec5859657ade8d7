import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/helpers/call'
import { operationsOf, type Operation } from '../../../tests/fuzz/openapi-operations'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser, signIn } from '../../../tests/helpers/users'

// Issue 39: moderators and admins must sign in with two steps. Every moderation and admin call
// (read from /api/openapi.json, so a new one is checked the day it is added) answers a staff
// session that proved no second factor 403 urn:problem:second_factor_required, and lets the same
// member through once their session has one.

let t: TestApp
let staffCalls: Operation[]

beforeAll(async () => {
  t = await createTestApp()
  staffCalls = operationsOf((await t.app.inject('/api/openapi.json')).json()).filter((operation) =>
    /^\/api\/v1\/(moderation|admin)\//.test(operation.path),
  )
})
afterAll(() => t.close())

const SOME_ID = '01890000-0000-7000-8000-000000000000'

function urlOf(operation: Operation) {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'type' || name === 'itemType' ? 'intention' : SOME_ID,
  )
}

async function answers(cookie: string) {
  const statuses: Record<string, unknown> = {}
  for (const operation of staffCalls) {
    const method = operation.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
    const body = method === 'GET' || method === 'DELETE' ? undefined : {}
    const answer = await call(t.app, cookie, method, urlOf(operation), body)
    statuses[operation.name] =
      answer.statusCode === 403 ? answer.json<{ title: string }>().title : answer.statusCode
  }
  return statuses
}

describe('staff calls without a second factor', () => {
  it('covers every moderation and admin call', () => {
    expect(staffCalls.length).toBeGreaterThan(20)
  })

  it('refuses every one to an admin until the session proves a second factor', async () => {
    const admin = await createUser(t.db, { roles: ['member', 'admin'] })
    const refused = await answers(await signIn(t.app, admin, { secondFactor: false }))
    for (const [name, status] of Object.entries(refused))
      expect(status, name).toBe('second_factor_required')
    const allowed = await answers(await signIn(t.app, admin))
    for (const [name, status] of Object.entries(allowed))
      expect(status, name).not.toBe('second_factor_required')
    expect(Object.values(allowed)).not.toContain('forbidden')
  })

  it('refuses a moderator the calls of their role until then, and admin-only calls always', async () => {
    const moderator = await createUser(t.db, { roles: ['member', 'moderator'] })
    const without = await answers(await signIn(t.app, moderator, { secondFactor: false }))
    const withIt = await answers(await signIn(t.app, moderator))
    for (const operation of staffCalls) {
      const name = operation.name
      // Admin calls open to moderators (invites) wait for the second factor; the rest stay closed.
      expect(['second_factor_required', 'forbidden'], name).toContain(without[name])
      if (without[name] === 'forbidden') expect(withIt[name], name).toBe('forbidden')
      else expect(String(withIt[name]), name).not.toMatch(/second_factor|forbidden/)
    }
    expect(without['GET /api/v1/moderation/queue']).toBe('second_factor_required')
  })
})
