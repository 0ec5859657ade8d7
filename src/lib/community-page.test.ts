import { describe, expect, it } from 'vitest'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { readCommunityPage } from './community-page'

// Issue 38: the app names the community as the page the server sent names it.
// A page as the server sent it: with the block, or without.
function page(block: string | null): Pick<Document, 'getElementById'> {
  return {
    getElementById: (id: string) =>
      id === 'community-data' && block !== null ? ({ textContent: block } as HTMLElement) : null,
  }
}

describe('the community read from the page', () => {
  it('is what the server wrote into the page', () => {
    const community = { ...COMMUNITY_DEFAULTS, name: 'St Mary’s', hero: 'Pray with us' }
    expect(readCommunityPage(page(JSON.stringify(community)))).toEqual(community)
  })

  it('is the product’s own where the page has none or a broken one', () => {
    expect(readCommunityPage(page(null))).toEqual(COMMUNITY_DEFAULTS)
    expect(readCommunityPage(page('{"name": '))).toEqual(COMMUNITY_DEFAULTS)
    expect(readCommunityPage(undefined)).toEqual(COMMUNITY_DEFAULTS)
  })
})
