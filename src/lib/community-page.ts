import type { Community } from '@contract/community'
import { COMMUNITY_DATA_ID, COMMUNITY_DEFAULTS } from '@contract/community-defaults'

/**
 * The community's public read (GET /api/v1/community) as the server wrote it into this page
 * (issue 38, server/plugins/branded-page.ts). Read once, without a request: the app's first
 * render names the community as the pre-rendered landing it hydrates does, and the installed
 * app's cached shell carries the name it was cached with until its next update. The product's
 * own settings where there is no block (the dev server, the build's pre-render).
 */
export function readCommunityPage(
  page: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): Community {
  const block = page?.getElementById(COMMUNITY_DATA_ID)?.textContent
  if (!block) return COMMUNITY_DEFAULTS
  try {
    return { ...COMMUNITY_DEFAULTS, ...(JSON.parse(block) as Partial<Community>) }
  } catch {
    return COMMUNITY_DEFAULTS
  }
}

export const communityPage = readCommunityPage()
