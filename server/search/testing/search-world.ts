import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import type { CreateIntentionInput } from '@contract/intentions'
import type { SearchResponse, SearchResult } from '@contract/search'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { call, postTestimony } from '../../../tests/helpers/testimonies-api'
import { createUser, signIn, type TestUser } from '../../../tests/helpers/users'
import { postIntention } from '../../../tests/helpers/wall'
import { usersTable } from '../../users/users.table'

// The search tests' app and members (search.test.ts, search-paging.test.ts): one app per file,
// made by useSearchWorld() in its beforeAll.

export type Person = TestUser & { cookie: string }

export const world = {} as {
  t: TestApp
  english: Person
  spanish: Person
  portuguese: Person
  reader: Person
}

export function useSearchWorld() {
  beforeAll(async () => {
    world.t = await createTestApp()
    world.english = await person('en')
    world.spanish = await person('es')
    world.portuguese = await person('pt-BR')
    world.reader = await person()
  })
  afterAll(() => world.t.close())
}

export async function person(language: string | null = null): Promise<Person> {
  const user = await createUser(world.t.db)
  await world.t.db.update(usersTable).set({ language }).where(eq(usersTable.id, user.id))
  return { ...user, cookie: await signIn(world.t.app, user) }
}

// Titles and details have minimum lengths; the padding is words no test searches for.
export const post = (who: Person, input: Partial<CreateIntentionInput>) =>
  postIntention(world.t.app, who.cookie, {
    tags: [],
    ...input,
    title: `${input.title ?? ''} (zz)`.padEnd(25, '.'),
    details: `${input.details ?? ''} ${'·'.repeat(70)}`,
  })

export const story = (
  who: Person,
  input: { title: string; text: string; visibility?: 'anonymous' },
) =>
  postTestimony(world.t.app, who.cookie, {
    ...input,
    title: `${input.title} (zz)`.padEnd(20, '.'),
    text: `${input.text} ${'·'.repeat(70)}`,
  })

export async function search(who: Person, params: Record<string, string>): Promise<SearchResponse> {
  const response = await call(
    world.t.app,
    who.cookie,
    'GET',
    `/api/v1/search?${new URLSearchParams(params)}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

export const idOf = (result: SearchResult) =>
  result.type === 'intention' ? result.intention.intention_id : result.testimony.testimony_id
export const found = async (who: Person, q: string, more: Record<string, string> = {}) =>
  (await search(who, { q, ...more })).items.map(idOf)
