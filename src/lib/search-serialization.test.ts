import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch } from './search-serialization'

describe('search serialization', () => {
  it('reads every value as text, as a mail link wrote it', () => {
    expect(parseSearch('?token=20261122&verified=1&flag=true&next=%2Fprayerwall')).toEqual({
      token: '20261122',
      verified: '1',
      flag: 'true',
      next: '/prayerwall',
    })
  })

  it('writes text without quotes and leaves out absent values', () => {
    expect(stringifySearch({ verified: '0', highlight: undefined, tab: 'amen' })).toBe('?verified=0&tab=amen')
    expect(stringifySearch({})).toBe('')
  })

  it('round-trips a token the default JSON encoding would mangle', () => {
    const search = { token: '1e5', next: '/prayerwall?highlight=a b' }
    expect(parseSearch(stringifySearch(search))).toEqual(search)
  })
})
