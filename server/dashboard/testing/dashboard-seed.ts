import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { intentionsTable } from '../../intentions/intentions.table'
import { prayersTable } from '../../intentions/reactions.table'
import { reportsTable } from '../../reports/reports.table'
import { roomAmensTable, roomsTable } from '../../rooms/rooms.table'
import { testimoniesTable } from '../../testimonies/testimonies.table'
import { createUser, type TestUser } from '../../../tests/helpers/users'
import { usersTable, type UserRole } from '../../users/users.table'

// A small community's last three weeks, every row at a known time (docs/dashboard.md's rules
// worked by hand in dashboard.routes.test.ts). "Now" is Wednesday 25 November 2026, 12:00 UTC.

export const NOW = new Date('2026-11-25T12:00:00Z')
const at = (iso: string) => new Date(iso)

/** A member whose account was created at `joined`. */
export async function member(db: Database, joined: string, roles: UserRole[] = ['member']) {
  const user = await createUser(db, { roles })
  await db
    .update(usersTable)
    .set({ createdAt: at(joined) })
    .where(eq(usersTable.id, user.id))
  return user
}

async function request(
  db: Database,
  author: TestUser,
  created: string,
  extra: Partial<typeof intentionsTable.$inferInsert> = {},
) {
  const [row] = await db
    .insert(intentionsTable)
    .values({
      authorId: author.id,
      title: 'Healing for my sister',
      details: 'Please pray for her recovery and for peace for our family this week.',
      identityMode: 'display_name',
      destination: 'public_wall',
      createdAt: at(created),
      updatedAt: at(created),
      ...extra,
    })
    .returning()
  return row!
}

async function pray(db: Database, who: TestUser, intentionId: string, when: string) {
  await db
    .insert(prayersTable)
    .values({ intentionId, userId: who.id, prayedOn: when.slice(0, 10), createdAt: at(when) })
}

async function report(
  db: Database,
  reporter: TestUser,
  targetId: string,
  created: string,
  resolved: string | null,
) {
  await db.insert(reportsTable).values({
    targetType: 'intention',
    targetId,
    reporterId: reporter.id,
    category: 'spam',
    status: resolved ? 'actioned' : 'open',
    createdAt: at(created),
    resolvedAt: resolved ? at(resolved) : null,
  })
}

export async function seedCommunity(db: Database) {
  const admin = await member(db, '2026-06-01T09:00:00Z', ['member', 'admin'])
  const moderator = await member(db, '2026-06-01T09:00:00Z', ['member', 'moderator'])
  const ann = await member(db, '2026-11-17T08:00:00Z')
  const ben = await member(db, '2026-11-24T08:00:00Z')
  const cal = await member(db, '2026-11-24T09:00:00Z')

  // Last week (from 16 Nov): ann's anonymous request, prayed for by ben within the day; ben's,
  // prayed for by himself at once and by cal only two days later; cal's, removed by a moderator.
  const anonymous = await request(db, ann, '2026-11-17T10:00:00Z', {
    identityMode: 'anonymous',
    status: 'answered',
    statusChangedAt: at('2026-11-24T09:00:00Z'),
  })
  const slow = await request(db, ben, '2026-11-18T10:00:00Z')
  const removed = await request(db, cal, '2026-11-18T12:00:00Z', {
    removedAt: at('2026-11-18T15:00:00Z'),
    removedBy: admin.id,
  })
  await pray(db, ben, anonymous.id, '2026-11-17T20:00:00Z')
  await pray(db, ben, slow.id, '2026-11-18T11:00:00Z')
  await pray(db, cal, slow.id, '2026-11-20T09:00:00Z')
  await report(db, ann, removed.id, '2026-11-18T13:00:00Z', '2026-11-18T15:00:00Z')
  await report(db, ben, removed.id, '2026-11-18T14:00:00Z', '2026-11-19T14:00:00Z')

  // This week (from 23 Nov): a request too young to judge, a prayer, a testimony, a report.
  const young = await request(db, ann, '2026-11-25T06:00:00Z')
  await pray(db, cal, young.id, '2026-11-25T08:00:00Z')
  await db.insert(testimoniesTable).values({
    authorId: ann.id,
    title: 'She is home',
    text: 'My sister came home from hospital; thank you all for your prayers.',
    visibility: 'public',
    intentionId: anonymous.id,
    createdAt: at('2026-11-24T10:00:00Z'),
  })
  await report(db, cal, slow.id, '2026-11-24T08:00:00Z', null)

  // A weekly room that met this week and three weeks ago (two Amens in one session: one session).
  const [room] = await db
    .insert(roomsTable)
    .values({
      name: 'Evening prayer',
      createdBy: moderator.id,
      startsAt: at('2026-11-03T19:00:00Z'),
      durationMinutes: 30,
      createdAt: at('2026-11-01T10:00:00Z'),
    })
    .returning()
  for (const [who, session] of [
    [ben, '2026-11-24T19:00:00Z'],
    [cal, '2026-11-24T19:00:00Z'],
    [ann, '2026-11-10T19:00:00Z'],
  ] as const)
    await db.insert(roomAmensTable).values({
      roomId: room!.id,
      sessionAt: at(session),
      intentionId: anonymous.id,
      userId: who.id,
      createdAt: at(session),
    })

  return { admin, moderator, ann, ben, cal }
}
