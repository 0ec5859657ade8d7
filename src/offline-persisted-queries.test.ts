import type { QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { commentsQueryOptions } from '@/features/comments/api/get-comments'
import { myGroupsQueryOptions } from '@/features/groups/api/get-my-groups'
import { shouldPersistQuery } from '@/features/offline/query-persistence'
import { prayerListQueryOptions } from '@/features/prayer-list/api/prayer-list'
import { intentionFeedQueryOptions } from '@/features/prayer-wall/api/get-intention-feed'
import { prayerDetailsQueryOptions } from '@/features/testimonies/api/get-prayer-details'
import { testimonyFeedQueryOptions } from '@/features/testimonies/api/get-testimony-feed'
import { profileQueryOptions, sessionQueryOptions } from '@/lib/session'

// features/offline names the persisted queries by key (features never import each other); this
// test, outside every feature, keeps those names in step with the features' own queryOptions,
// so a renamed key cannot silently stop the last feed from painting offline (DESIGN §6).
const persisted = (queryKey: QueryKey) => shouldPersistQuery({ queryKey, state: { status: 'success' } } as never)

describe('the queries a member browses are persisted', () => {
  it.each([
    ['wall feed', intentionFeedQueryOptions('wall').queryKey],
    ['My Groups feed', intentionFeedQueryOptions('groups').queryKey],
    ['answered feed', intentionFeedQueryOptions('answered').queryKey],
    ['Needs prayer feed', intentionFeedQueryOptions('needs').queryKey],
    ['My Prayer List', prayerListQueryOptions().queryKey],
    ['comments', commentsQueryOptions('i1').queryKey],
    ['testimonies feed', testimonyFeedQueryOptions().queryKey],
    ['prayer details', prayerDetailsQueryOptions('i1').queryKey],
    ['my groups', myGroupsQueryOptions().queryKey],
  ])('%s', (_name, queryKey) => {
    expect(persisted(queryKey)).toBe(true)
  })

  it('never who is signed in', () => {
    expect(persisted(sessionQueryOptions().queryKey)).toBe(false)
    expect(persisted(profileQueryOptions().queryKey)).toBe(false)
  })
})
