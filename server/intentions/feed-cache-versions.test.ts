import { describe, expect, it } from 'vitest'
import { FeedCache } from './feed-cache'

// The race a cache must not lose (ADR 0026): a read that began before a change committed and
// ends after its notification holds what the change replaced, and must not be kept.
describe('FeedCache', () => {
  it('keeps nothing read across a change, and nothing once disabled', () => {
    let clock = 0
    const cache = new FeedCache(() => clock)
    const before = cache.version()
    cache.forget()
    cache.keepPage('page', [], before)
    cache.keepScope('viewer', { groups: '', ownHeld: false }, before)
    cache.keepBody('viewer|page', '{}', before)
    expect([cache.page('page'), cache.scope('viewer'), cache.body('viewer|page')]).toEqual([
      undefined,
      undefined,
      undefined,
    ])

    cache.keepBody('viewer|page', '{}', cache.version())
    expect(cache.body('viewer|page')).toBe('{}')
    clock += 30_001
    expect(cache.body('viewer|page')).toBeUndefined()

    cache.disable()
    cache.keepBody('viewer|page', '{}', cache.version())
    expect(cache.enabled).toBe(false)
    expect(cache.body('viewer|page')).toBeUndefined()
  })

  it("keeps viewers' scopes through a change to the pages, not through a change to a scope", () => {
    const cache = new FeedCache(() => 0)
    cache.keepScope('viewer', { groups: 'g1', ownHeld: false }, cache.version())
    cache.keepPage('page', [], cache.version())
    cache.forget()
    expect(cache.scope('viewer')).toEqual({ groups: 'g1', ownHeld: false })
    expect(cache.page('page')).toBeUndefined()
    cache.forgetScopes()
    expect(cache.scope('viewer')).toBeUndefined()
  })
})
