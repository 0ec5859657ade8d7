import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JoinMode } from '@contract/community'
import type { ProblemDetails } from '@contract/errors'
import { InviteErrorMessage, type CreatedInvite, type Invite } from '@contract/invites'
import { call } from '../../tests/helpers/call'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { usersTable } from '../users/users.table'

// Issue 38: who may join by email sign-up. Invite-only refuses an account without a usable
// invite and says why; approval creates the account waiting (pending_since).
let t: TestApp
let clock = new Date('2026-06-01T08:00:00Z')
let admin: string
let n = 0

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
})
afterAll(() => t.close())

const PASSWORD = 'Quiet-morning-42'
const freshEmail = () => `joiner-${++n}@example.test`
const signUp = (email: string, invite?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/signup',
    remoteAddress: `10.2.${n % 250}.${++n % 250}`,
    payload: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      ...(invite === undefined ? {} : { invite }),
    },
  })
const userRow = async (email: string) =>
  (await t.db.select().from(usersTable).where(eq(usersTable.email, email)))[0]

async function setJoin(join: JoinMode) {
  const response = await call(t.app, admin, 'PUT', '/api/v1/admin/community', { join })
  expect(response.statusCode, response.body).toBe(200)
}

async function newInvite(body: { expires_at?: string | null; max_uses?: number | null } = {}) {
  const response = await call(t.app, admin, 'POST', '/api/v1/admin/invites', {
    expires_at: null,
    max_uses: null,
    ...body,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<CreatedInvite>()
}

const uses = async (id: string) =>
  (await call(t.app, admin, 'GET', `/api/v1/admin/invites/${id}`)).json<Invite>().uses

function expectRefused(
  response: Awaited<ReturnType<typeof signUp>>,
  title: keyof typeof InviteErrorMessage,
) {
  expect(response.statusCode, response.body).toBe(403)
  const body = response.json<ProblemDetails>()
  expect(body).toMatchObject({
    type: `urn:problem:${title}`,
    title,
    detail: InviteErrorMessage[title],
  })
}

describe('email sign-up in an invite-only community', () => {
  beforeAll(() => setJoin('invite'))

  it('refuses a sign-up without an invite, creating nothing and mailing nobody', async () => {
    const email = freshEmail()
    expectRefused(await signUp(email), 'invitation_required')
    expect(await userRow(email)).toBeUndefined()
    expect(await mailsTo(t.app, email)).toEqual([])
  })

  it('refuses each unusable invite saying which, for a new and an existing address alike', async () => {
    const existing = await createUser(t.db)
    const expiring = await newInvite({
      expires_at: new Date(clock.getTime() + 3_600_000).toISOString(),
    })
    const once = await newInvite({ max_uses: 1 })
    const revoked = await newInvite()
    await call(t.app, admin, 'DELETE', `/api/v1/admin/invites/${revoked.invite_id}`)
    expect((await signUp(freshEmail(), once.code)).statusCode).toBe(202)
    clock = new Date(clock.getTime() + 2 * 3_600_000)

    for (const [code, title] of [
      ['not-a-real-invite-code', 'invitation_unknown'],
      [expiring.code, 'invitation_expired'],
      [once.code, 'invitation_used_up'],
      [revoked.code, 'invitation_revoked'],
    ] as const) {
      const email = freshEmail()
      expectRefused(await signUp(email, code), title)
      expect(await userRow(email)).toBeUndefined()
      expectRefused(await signUp(existing.email, code), title)
    }
    expect(await uses(once.invite_id)).toBe(1)
  })

  it('creates the account with a valid invite and counts its use; an existing address uses none', async () => {
    const invite = await newInvite({ max_uses: 10 })
    const email = freshEmail()
    expect((await signUp(email, ` ${invite.code} `)).statusCode).toBe(202)
    expect(await userRow(email)).toMatchObject({ email, pendingSince: null })
    const existing = await createUser(t.db)
    expect((await signUp(existing.email, invite.code)).statusCode).toBe(202)
    expect(await uses(invite.invite_id)).toBe(1)
  })

  it('gives the last use to one of two sign-ups racing for it', async () => {
    const invite = await newInvite({ max_uses: 1 })
    const emails = [freshEmail(), freshEmail()]
    const answers = await Promise.all(emails.map((email) => signUp(email, invite.code)))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 403])
    expectRefused(
      answers.find((answer) => answer.statusCode === 403)!,
      'invitation_used_up',
    )
    const created = await Promise.all(emails.map(userRow))
    expect(created.filter(Boolean)).toHaveLength(1)
    expect(await uses(invite.invite_id)).toBe(1)
  })
})

describe('email sign-up in other communities', () => {
  it('an open one needs no invite, ignores one and creates an account not waiting', async () => {
    await setJoin('open')
    const invite = await newInvite({ max_uses: 1 })
    const [plain, invited] = [freshEmail(), freshEmail()]
    expect((await signUp(plain)).statusCode).toBe(202)
    expect((await signUp(invited, invite.code)).statusCode).toBe(202)
    expect(await userRow(plain)).toMatchObject({ pendingSince: null })
    expect(await uses(invite.invite_id)).toBe(0)
  })

  it('one that approves newcomers creates every new account waiting since its sign-up', async () => {
    await setJoin('approval')
    const email = freshEmail()
    expect((await signUp(email)).statusCode).toBe(202)
    expect((await userRow(email))!.pendingSince).toEqual(clock)
    // An account that existed before waits for nothing.
    const existing = await createUser(t.db)
    expect((await signUp(existing.email)).statusCode).toBe(202)
    expect((await userRow(existing.email))!.pendingSince).toBeNull()
  })
})
