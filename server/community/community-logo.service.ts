import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { CommunityIcons } from '@contract/community-logo'
import type { Database } from '../db/client'
import { COMMUNITY_CHANGED_CHANNEL } from './community-cache'
import { type LogoIconName, LOGO_ICONS, PRODUCT_ICONS, logoIconSet } from './community-logo-icons'
import { communityLogoIconsTable as table } from './community-logo.table'

const digest = (png: Buffer) => createHash('sha256').update(png).digest('base64url').slice(0, 22)

/**
 * Replaces the stored icons with a new logo's, in the caller's transaction, and answers the new
 * set. The NOTIFY is the settings' own (community-cache.ts): at commit every process forgets
 * what it kept, and a rollback (a refused audit entry, say) leaves the old logo everywhere.
 */
export async function saveCommunityLogo(
  tx: Database,
  icons: ReadonlyMap<LogoIconName, Buffer>,
  now: Date,
): Promise<CommunityIcons> {
  const rows = LOGO_ICONS.map(({ name, size }) => {
    const png = icons.get(name)
    if (!png) throw new Error(`the logo's ${name} icon was not rendered`)
    return { name, size, png, hash: digest(png), createdAt: now }
  })
  await tx.delete(table)
  await tx.insert(table).values(rows)
  await tx.execute(sql`select pg_notify(${COMMUNITY_CHANGED_CHANNEL}, '')`)
  return logoIconSet(new Map(rows.map((row) => [row.name, row.hash])))
}

/** The icons every page, manifest and notification shows: the logo's, else the product's. */
export async function loadCommunityIcons(db: Database): Promise<CommunityIcons> {
  const rows = await db.select({ name: table.name, hash: table.hash }).from(table)
  if (rows.length === 0) return PRODUCT_ICONS
  return logoIconSet(new Map(rows.map((row) => [row.name, row.hash])))
}

/** One icon's PNG, if `hash` is still its digest (an old URL finds nothing). */
export async function loadIconPng(db: Database, name: string, hash: string) {
  const [row] = await db
    .select({ png: table.png })
    .from(table)
    .where(and(eq(table.name, name), eq(table.hash, hash)))
  return row?.png ?? null
}
