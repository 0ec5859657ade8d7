import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountErrorCode, AccountMessage } from '@contract/account'
import { ErrorCode, type ProblemDetails } from '@contract/errors'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { intentionInput, suspendUser } from '../../tests/helpers/wall'
import { usersTable } from '../users/users.table'
import { problemInLanguage } from './problem-language'

// Issue 42: a problem's detail, which the page shows, in the asker's language; its type, title
// and status, which clients branch on, as they were.
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('problem details in the asker’s language', () => {
  it('answers a visitor in the language of their browser, codes unchanged', async () => {
    const response = await t.app.inject({
      url: '/api/v1/users/me',
      headers: { 'accept-language': 'pt-PT,pt;q=0.9' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json()).toEqual({
      type: `urn:problem:${ErrorCode.unauthenticated}`,
      title: ErrorCode.unauthenticated,
      status: 401,
      detail: 'Entre para continuar.',
    })
  })

  it('answers a member in the language they chose, over their browser’s', async () => {
    const user = await createUser(t.db)
    await t.db.update(usersTable).set({ language: 'pt-BR' }).where(eq(usersTable.id, user.id))
    const cookie = await signIn(t.app, user)
    const response = await t.app.inject({
      url: `/api/v1/intentions/${randomUUID()}`,
      headers: { cookie, 'accept-language': 'en-US' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      title: ErrorCode.notFound,
      detail: 'Este pedido de oração pode ter sido removido.',
    })
  })

  it('keeps English as it was', async () => {
    const response = await t.app.inject({ url: '/api/v1/users/me' })
    expect(response.json().detail).toBe('Please sign in to continue.')
  })

  it('words a suspension’s end in the member’s language, from the moment it carries', async () => {
    const user = await createUser(t.db)
    await t.db.update(usersTable).set({ language: 'pt-BR' }).where(eq(usersTable.id, user.id))
    await suspendUser(t.db, user.id, new Date('2099-11-29T12:00:00.000Z'))
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/intentions',
      headers: { cookie: await signIn(t.app, user) },
      payload: intentionInput(),
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({
      title: ErrorCode.suspended,
      detail:
        'Sua conta está suspensa até 29 de novembro de 2099 às 12:00 UTC: você pode ler, mas não pode publicar nem responder até lá.',
    })
  })

  it('words the display name’s next change in Spanish, in its detail and its field', () => {
    const message = AccountMessage.displayNameTooSoon('8 June 2026 at 09:00 UTC')
    const translated = problemInLanguage('es', {
      type: `urn:problem:${AccountErrorCode.displayNameTooSoon}`,
      title: AccountErrorCode.displayNameTooSoon,
      status: 429,
      detail: message,
      errors: [{ field: 'display_name', message }],
      next_change_at: '2026-06-08T09:00:00.000Z',
    } as Parameters<typeof problemInLanguage>[1])
    const spanish =
      'Puedes cambiar tu nombre visible una vez por semana. Podrás cambiarlo de nuevo el 8 de junio de 2026 a las 9:00 UTC.'
    expect(translated.detail).toBe(spanish)
    expect(translated.errors).toEqual([{ field: 'display_name', message: spanish }])
  })

  it('words a rate limit’s wait in French, from the seconds the problem carries', () => {
    const translated = problemInLanguage('fr', {
      type: `urn:problem:${ErrorCode.rateLimited}`,
      title: ErrorCode.rateLimited,
      status: 429,
      detail: 'Too many requests. Please wait 42 seconds and try again.',
      retry_after_seconds: 42,
    } as ProblemDetails)
    expect(translated.detail).toBe(
      'Trop de tentatives. Veuillez patienter 42 secondes, puis réessayer.',
    )
  })

  it('words a validation problem’s fields and lists them again in its detail', () => {
    const translated = problemInLanguage('pt-BR', {
      type: `urn:problem:${ErrorCode.validationError}`,
      title: ErrorCode.validationError,
      status: 400,
      detail: 'group_id: Group not found.; note: A text no catalogue holds',
      errors: [
        { field: 'group_id', message: 'Group not found.' },
        { field: 'note', message: 'A text no catalogue holds' },
      ],
    })
    expect(translated.detail).toBe(
      'group_id: Grupo não encontrado.; note: A text no catalogue holds',
    )
    expect(translated.errors).toEqual([
      { field: 'group_id', message: 'Grupo não encontrado.' },
      { field: 'note', message: 'A text no catalogue holds' },
    ])
  })
})
