import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { setUserRole } from './set-role'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('npm run user:role', () => {
  it('makes a member a moderator, which the profile then shows, and back again', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    expect(await setUserRole(t.db, user.email.toUpperCase(), 'moderator')).toEqual([
      'member',
      'moderator',
    ])
    const me = () => t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } })
    expect((await me()).json()).toMatchObject({
      is_moderator: true,
      roles: ['member', 'moderator'],
    })
    expect(await setUserRole(t.db, user.email, 'member')).toEqual(['member'])
    expect((await me()).json()).toMatchObject({ is_moderator: false })
  })

  it('says so when no account has the address', async () => {
    expect(await setUserRole(t.db, 'nobody@example.test', 'admin')).toBeNull()
  })
})
