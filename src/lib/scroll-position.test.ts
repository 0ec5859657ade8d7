import { describe, expect, it } from 'vitest'
import { restoresScroll, scrollPositionKey } from './scroll-position'

describe('scroll positions are kept per page', () => {
  it('names a page by its path, whatever the passing states in its query', () => {
    expect(scrollPositionKey({ pathname: '/prayerwall', search: {} })).toBe('/prayerwall')
    expect(scrollPositionKey({ pathname: '/prayerwall', search: { highlight: 'a' } })).toBe(
      '/prayerwall',
    )
    expect(
      scrollPositionKey({ pathname: '/prayerwall', search: { reactions: 'a', tab: 'amen' } }),
    ).toBe('/prayerwall')
    expect(scrollPositionKey({ pathname: '/testimonies/', search: {} })).toBe('/testimonies')
    expect(scrollPositionKey({ pathname: '/', search: {} })).toBe('/')
  })

  it("gives each of the wall's views a place of its own", () => {
    expect(scrollPositionKey({ pathname: '/prayerwall', search: { view: 'mine' } })).toBe(
      '/prayerwall?view=mine',
    )
  })

  it('leaves a highlight link to scroll its item into view', () => {
    expect(
      restoresScroll({ location: { pathname: '/prayerwall', search: { highlight: 'a' } } }),
    ).toBe(false)
    expect(restoresScroll({ location: { pathname: '/prayerwall', search: {} } })).toBe(true)
    expect(
      restoresScroll({ location: { pathname: '/testimonies', search: { highlight: undefined } } }),
    ).toBe(true)
  })
})
