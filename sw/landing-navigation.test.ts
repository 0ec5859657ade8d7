import { describe, expect, it } from 'vitest'
import { LANDING_NAVIGATION } from './landing-navigation'

const opensLanding = (path: string) => {
  const url = new URL(path, 'http://localhost')
  return LANDING_NAVIGATION.test(url.pathname + url.search)
}

describe('offline navigations that open the pre-rendered landing page', () => {
  it.each(['/', '/?source=pwa', '/#about'])('%s is the landing page', (path) => {
    expect(opensLanding(path)).toBe(true)
  })

  // Any other page would flash the landing page before its own content.
  it.each(['/prayerwall', '/login?next=%2F', '/testimonies/create', '/index.html', '/landing.html'])(
    '%s gets the app shell instead',
    (path) => {
      expect(opensLanding(path)).toBe(false)
    },
  )
})
