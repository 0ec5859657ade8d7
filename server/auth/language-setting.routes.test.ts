import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '@contract/languages'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { usersTable } from '../users/users.table'

// Issue 42: a member's language kept on their account, through PATCH and GET /api/v1/users/me.
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const patch = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: { cookie }, payload })
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } })).json()
const storedLanguage = async (id: string) =>
  (await t.db.select().from(usersTable).where(eq(usersTable.id, id)))[0]!.language

describe('PATCH /api/v1/users/me (language)', () => {
  it('keeps each language and answers it on GET, then null follows the browser again', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    expect(await me(cookie)).toMatchObject({ language: null })
    for (const language of LANGUAGES) {
      const saved = await patch(cookie, { language })
      expect(saved.statusCode).toBe(200)
      expect(saved.json()).toMatchObject({ language, display_name: user.displayName })
      expect(await me(cookie)).toMatchObject({ language })
      expect(await storedLanguage(user.id)).toBe(language)
    }
    const cleared = await patch(cookie, { language: null })
    expect(cleared.statusCode).toBe(200)
    expect(await me(cookie)).toMatchObject({ language: null })
    expect(await storedLanguage(user.id)).toBeNull()
  })

  it.each(['de', 'ES', 'pt', 'pt-PT', '', 7])(
    'refuses the unknown language %j with a 400 naming the field, and keeps the old one',
    async (language) => {
      const user = await createUser(t.db)
      const cookie = await signIn(t.app, user)
      expect((await patch(cookie, { language: 'fr' })).statusCode).toBe(200)
      const refused = await patch(cookie, { language })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'language' })])
      expect(await storedLanguage(user.id)).toBe('fr')
    },
  )

  it('changes the language without touching the display name, and refuses an empty change', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    expect((await patch(cookie, { language: 'ar' })).json()).toMatchObject({
      display_name: user.displayName,
      language: 'ar',
    })
    expect((await patch(cookie, {})).statusCode).toBe(400)
  })
})
