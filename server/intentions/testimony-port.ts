import type { SQL } from 'drizzle-orm'
import type { IdentityMode } from '@contract/intentions'
import type { TestimonyVisibility } from '@contract/testimonies'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import type { IntentionRow } from './intentions.table'

export interface TestimonyLink {
  testimonyId: string
  title: string
}

/** What `linkColumn` reads: enough to decide whether the viewer may see the link. */
export interface StoredTestimonyLink {
  id: string
  title: string
  author_id: string
  visibility: TestimonyVisibility
}

/**
 * What intentions need of testimonies, which sit above them (docs/architecture.md): the link a
 * prayer card shows, and the testimony the answered dialog shares inside the status change's
 * own transaction (spec 001 §4). app.ts hands the testimonies capability's implementation to
 * intentionsRoutes.
 */
export interface TestimonyPort {
  /** The live testimony of each of these prayers that the viewer may see: one query per page. */
  linksFor(
    db: Database,
    viewer: Viewer,
    intentions: readonly { id: string; identityMode: IdentityMode }[],
  ): Promise<Map<string, TestimonyLink>>
  /**
   * The prayer's live testimony as a column of a query over intentions (null when it has
   * none): the feed reads its page and their links in one statement (issue 22).
   */
  linkColumn(db: Database): SQL<StoredTestimonyLink | null>
  /** The link in `linkColumn`'s value, if this viewer may see it. */
  linkFrom(
    stored: StoredTestimonyLink | null,
    viewer: Viewer,
    identityMode: IdentityMode,
  ): TestimonyLink | undefined
  /**
   * Creates the answered prayer's testimony in `tx` (null when a repeat finds it already there),
   * or refuses the whole change.
   */
  shareAnswered(
    tx: Database,
    input: {
      viewer: Viewer
      now: Date
      intention: IntentionRow
      testimony: { title: string; text: string; visibility: TestimonyVisibility }
      repeat: boolean
    },
  ): Promise<{ id: string } | null>
}
