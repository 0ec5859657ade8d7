import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IdentityMode } from '@contract/intentions'
import type { TestimonyVisibility } from '@contract/testimonies'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { markAnswered, postTestimony } from '../../tests/helpers/testimonies-api'
import { notificationsTable } from './notifications.table'
import { listFor, write } from '../../tests/helpers/notifications-api'

// Issue 37: TestimonyCreated rows raised before the fix named the author of an anonymous side
// and carried both ids; migration 0019 rewrites those still on members' panels.
const MIGRATION = new URL(
  '../db/migrations/0019_anonymous_testimony_notifications.sql',
  import.meta.url,
)

let t: TestApp
let prayer: TestUser & { cookie: string }

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.db)
  prayer = { ...user, cookie: await signIn(t.app, user) }
})
afterAll(() => t.close())

/** A testimony about a prayer `prayer` prayed for, its notification stored as before the fix. */
async function raisedBeforeTheFix(identityMode: IdentityMode, visibility: TestimonyVisibility) {
  const author = await createUser(t.db)
  const cookie = await signIn(t.app, author)
  const intention = await postIntention(t.app, cookie, { identity_mode: identityMode })
  await write(t.app, prayer.cookie, 'POST', `/api/v1/intentions/${intention.intention_id}/pray`)
  await markAnswered(t.app, cookie, intention.intention_id)
  const testimony = await postTestimony(t.app, cookie, {
    intention_id: intention.intention_id,
    visibility,
  })
  const name = visibility === 'anonymous' ? 'Someone' : author.displayName
  await t.db
    .update(notificationsTable)
    .set({
      message: `${name} shared a testimony about a prayer you prayed for: ${testimony.title}`,
      sourceUserDisplayName: name,
      sourceIntentionId: intention.intention_id,
      sourceTestimonyId: testimony.testimony_id,
    })
    .where(eq(notificationsTable.dedupeKey, `testimony:${testimony.testimony_id}`))
  return { author, intentionId: intention.intention_id, testimonyId: testimony.testimony_id }
}

describe('migration 0019', () => {
  it('leaves no stored testimony notification naming or tying an anonymous side', async () => {
    const anonymousRequest = await raisedBeforeTheFix('anonymous', 'public')
    const anonymousStory = await raisedBeforeTheFix('display_name', 'anonymous')
    const bothNamed = await raisedBeforeTheFix('display_name', 'public')

    await t.db.execute(sql.raw(readFileSync(MIGRATION, 'utf8')))

    const { items } = await listFor(t.app, prayer.cookie, '?limit=50')
    const about = (shared: { testimonyId: string; intentionId: string }) =>
      items.find(
        (n) =>
          n.type === 'TestimonyCreated' &&
          (n.sourceTestimonyId === shared.testimonyId ||
            n.sourceIntentionId === shared.intentionId),
      )
    const someone = {
      message: 'Someone shared a testimony about a prayer you prayed for',
      sourceUserDisplayName: 'Someone',
    }
    expect(about(anonymousRequest)).toMatchObject({
      ...someone,
      sourceIntentionId: anonymousRequest.intentionId,
      sourceTestimonyId: null,
    })
    expect(JSON.stringify(about(anonymousRequest))).not.toContain(
      anonymousRequest.author.displayName,
    )
    expect(about(anonymousStory)).toMatchObject({
      ...someone,
      sourceIntentionId: null,
      sourceTestimonyId: anonymousStory.testimonyId,
    })
    // A link with no anonymous side is left as it was raised.
    expect(about(bothNamed)).toMatchObject({
      sourceUserDisplayName: bothNamed.author.displayName,
      sourceIntentionId: bothNamed.intentionId,
      sourceTestimonyId: bothNamed.testimonyId,
    })
  })
})
