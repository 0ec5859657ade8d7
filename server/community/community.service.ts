import { eq, sql } from 'drizzle-orm'
import type { Community, CommunitySettings } from '@contract/community'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import type { Database } from '../db/client'
import { COMMUNITY_CHANGED_CHANNEL } from './community-cache'
import { communitySettingsTable as table } from './community.table'

type Changes = Partial<CommunitySettings>

/** The settings saved, over the defaults: no row (a new community) reads as the defaults. */
export async function loadCommunitySettings(db: Database): Promise<CommunitySettings> {
  const [row] = await db.select({ settings: table.settings }).from(table).where(eq(table.id, 1))
  return { ...COMMUNITY_DEFAULTS, ...row?.settings }
}

/**
 * Saves an admin's partial update in the caller's transaction and answers what it changed
 * (the audit log's entry). The NOTIFY reaches every process at commit, and never for a
 * rollback: each forgets its cached settings (community-cache.ts).
 */
export async function saveCommunitySettings(
  tx: Database,
  update: Changes,
  now: Date,
): Promise<{ settings: CommunitySettings; changed: Changes }> {
  const [row] = await tx
    .select({ settings: table.settings })
    .from(table)
    .where(eq(table.id, 1))
    .for('update')
  const before = { ...COMMUNITY_DEFAULTS, ...row?.settings }
  const changed = Object.fromEntries(
    Object.entries(update).filter(
      ([key, value]) => value !== undefined && before[key as keyof CommunitySettings] !== value,
    ),
  ) as Changes
  const settings = { ...before, ...changed }
  if (Object.keys(changed).length === 0) return { settings, changed }
  const stored = { ...row?.settings, ...changed }
  await tx
    .insert(table)
    .values({ id: 1, settings: stored, updatedAt: now })
    .onConflictDoUpdate({ target: table.id, set: { settings: stored, updatedAt: now } })
  await tx.execute(sql`select pg_notify(${COMMUNITY_CHANGED_CHANNEL}, '')`)
  return { settings, changed }
}

/**
 * What GET /api/v1/community answers: the contact email only to members, or to anyone while
 * the community is open to anyone (issue 38: never to visitors of a closed community).
 */
export function communityFor(settings: CommunitySettings, signedIn: boolean): Community {
  const shown = signedIn || settings.join === 'open'
  return { ...settings, contact_email: shown ? settings.contact_email : null }
}
