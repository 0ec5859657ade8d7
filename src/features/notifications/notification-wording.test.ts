import { describe, expect, it } from 'vitest'
import { aNotification } from './notification-fixtures'
import { firstLine, notificationTarget, secondLine } from './notification-wording'

// Spec 000 §9 "Notification wording by type" and its second lines.
describe('notification wording', () => {
  it.each([
    ['PrayerReaction', 'Gentle Dove prayed for you', 'on your intention.'],
    ['PrayerAmenReaction', 'Gentle Dove said Amen', 'on your intention.'],
    ['PrayerCandleReaction', 'Gentle Dove lit a candle', 'on your intention.'],
    ['IntentionComment', 'Gentle Dove commented on your intention', ''],
    ['CommentReaction', 'Gentle Dove reacted to your comment', ''],
    ['CommentAmenReaction', 'Gentle Dove said Amen to your comment', ''],
    ['TestimonyReaction', 'Gentle Dove reacted to your testimony', 'From the server'],
    ['TestimonyCreated', 'New testimony', 'From the server'],
    ['TestimonyEncouragement', 'Gentle Dove encouraged your testimony', 'From the server'],
  ])('%s reads "%s" / "%s"', (type, first, second) => {
    const notification = aNotification({ type, title: 'Server title', message: 'From the server' })
    expect(firstLine(notification)).toBe(first)
    expect(secondLine(notification)).toBe(second)
  })

  it("names 'Someone' when the actor's display name is missing or blank", () => {
    expect(firstLine(aNotification({ type: 'PrayerReaction', sourceUserDisplayName: null }))).toBe(
      'Someone prayed for you',
    )
    expect(
      firstLine(aNotification({ type: 'PrayerCandleReaction', sourceUserDisplayName: '  ' })),
    ).toBe('Someone lit a candle')
  })

  it("reads data.reaction 'amen' on a generic prayer reaction as an Amen", () => {
    expect(firstLine(aNotification({ type: 'PrayerReaction', data: { reaction: 'amen' } }))).toBe(
      'Gentle Dove said Amen',
    )
  })

  it('shows the server title and message for any other type, known or not', () => {
    const bundle = aNotification({
      type: 'PrayerBundle',
      title: '5 people prayed for your intention',
      message: 'Strength for the week ahead',
    })
    expect(firstLine(bundle)).toBe('5 people prayed for your intention')
    expect(secondLine(bundle)).toBe('Strength for the week ahead')

    const removed = aNotification({
      type: 'ContentRemoved',
      title: 'A moderator removed your comment',
      message: null,
    })
    expect(firstLine(removed)).toBe('A moderator removed your comment')
    expect(secondLine(removed)).toBe('')
    expect(firstLine(aNotification({ type: 'WeeklySummary', title: '' }))).toBe('Notification')
  })

  it('goes to the testimony first, then the intention, otherwise nowhere (spec 000 §2)', () => {
    expect(
      notificationTarget(aNotification({ sourceTestimonyId: 't-1', sourceIntentionId: 'i-1' })),
    ).toEqual({
      to: '/testimonies',
      highlight: 't-1',
    })
    expect(
      notificationTarget(aNotification({ sourceTestimonyId: null, sourceIntentionId: 'i-1' })),
    ).toEqual({
      to: '/prayerwall',
      highlight: 'i-1',
    })
    expect(
      notificationTarget(aNotification({ sourceTestimonyId: null, sourceIntentionId: null })),
    ).toBeNull()
  })
})
