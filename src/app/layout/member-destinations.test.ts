import { describe, expect, it } from 'vitest'
import { t } from '@/i18n/i18n'
import {
  isDestinationActive,
  MEMBER_DESTINATIONS,
  pageTitleOf,
  splitPlaces,
} from './member-destinations'

const titleOf = (pathname: string) => {
  const title = pageTitleOf(pathname)
  return title && t(title)
}

const activeLabels = (pathname: string) =>
  MEMBER_DESTINATIONS.filter((destination) => isDestinationActive(destination, pathname)).map(
    (destination) => t(destination.label),
  )

describe('the bottom bar and the phone top bar', () => {
  it("lists the places in the issue's order, with Ask for Prayer as the one primary action", () => {
    expect(MEMBER_DESTINATIONS.map((destination) => t(destination.label))).toEqual([
      'Wall',
      'Testimonies',
      'Ask for Prayer',
      'Groups',
      'Prayer List',
      'Rooms',
    ])
    expect(MEMBER_DESTINATIONS.filter((destination) => destination.primary)).toHaveLength(1)
  })

  it("keeps the issue's bar (with Me, five slots) and puts later places in Me's menu", () => {
    const { bar, inMe } = splitPlaces(MEMBER_DESTINATIONS)
    expect(bar.map((destination) => t(destination.label))).toEqual([
      'Wall',
      'Testimonies',
      'Ask for Prayer',
      'Groups',
    ])
    expect(inMe.map((destination) => t(destination.label))).toEqual(['Prayer List', 'Rooms'])
    expect(bar.some((destination) => destination.primary)).toBe(true)
  })

  it('marks exactly the place the member is in, a group page under Groups', () => {
    expect(activeLabels('/prayerwall')).toEqual(['Wall'])
    expect(activeLabels('/prayerwall/create')).toEqual(['Ask for Prayer'])
    expect(activeLabels('/testimonies/')).toEqual(['Testimonies'])
    expect(activeLabels('/groups/0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa')).toEqual(['Groups'])
    expect(activeLabels('/rooms')).toEqual(['Rooms'])
    expect(activeLabels('/rooms/0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa')).toEqual(['Rooms'])
    expect(activeLabels('/moderation')).toEqual([])
  })

  it('names the page in the top bar, the most specific name first', () => {
    expect(titleOf('/prayerwall/create')).toBe('Ask for Prayer')
    expect(titleOf('/prayerwall')).toBe('Prayer Wall')
    expect(titleOf('/testimonies/create')).toBe('Share Your Testimony')
    expect(titleOf('/prayerlist')).toBe('My Prayer List')
    expect(titleOf('/rooms/0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa')).toBe('Prayer Rooms')
    expect(titleOf('/admin')).toBe('Dashboard')
    expect(titleOf('/admin/community')).toBe('Moderation')
    expect(pageTitleOf('/somewhere-else')).toBeNull()
  })
})
