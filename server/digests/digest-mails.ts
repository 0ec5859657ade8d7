import type { NotificationType } from '@contract/notifications'
import { translate } from '../i18n/translate'
import type { Mail } from '../mail/mailer'
import { lastSeenAt } from '../auth/last-seen'
import { answeredBetween, stillNeedingPrayer } from '../intentions/digest-reads'
import { mailSettingsOf, unreadBetween } from '../notifications/mail-reads'
import { pushWording } from '../notifications/push/push-wording'
import { testimoniesBetween } from '../testimonies/digest-reads'
import { mailRecipient } from '../users/mail-recipients'
import type { MailContext } from './mail-context'
import { optionalMail, type MailSection } from './optional-mail'

/**
 * "Activity on my requests" (issue 46): what the bell tells a member about their requests and
 * what they prayed for, their comments and testimonies. Reminders, rooms, the weekly summary,
 * account and moderation notices are not activity.
 */
export const ACTIVITY_TYPES: readonly NotificationType[] = [
  'PrayerReaction',
  'PrayerBundle',
  'PrayerCandleReaction',
  'PrayerAmenReaction',
  'IntentionComment',
  'CommentReaction',
  'CommentAmenReaction',
  'IntentionAnswered',
  'IntentionResolved',
  'TestimonyCreated',
  'TestimonyAmenReaction',
  'TestimonyReaction',
  'TestimonyEncouragement',
  'PrayerUpdate',
]

const DAILY_ITEMS = 20
const WEEKLY_ITEMS = 5

/**
 * A member's daily digest: their unread activity in the window, each worded as their devices
 * word it (their language; no words of a request when previews are off), or null: nothing
 * unread (they read everything in the app, or nothing happened), or they no longer want it.
 */
export async function dailyDigestMail(
  context: MailContext,
  userId: string,
  window: { from: Date; to: Date },
): Promise<Mail | null> {
  const { db } = context
  // At once, not one after the other: a digest to 10,000 members waits on round trips.
  const [recipient, settings, unread] = await Promise.all([
    mailRecipient(db, userId),
    mailSettingsOf(db, userId),
    unreadBetween(db, userId, ACTIVITY_TYPES, window, DAILY_ITEMS),
  ])
  if (!recipient || settings.email.activity !== 'daily' || unread.length === 0) return null
  const language = await context.languageOf(recipient)
  const items = unread.map((notification) => {
    const words = pushWording(language, notification, settings.previews)
    return {
      text: words.title,
      ...(words.body ? { detail: words.body } : {}),
      url: context.urlOf(notification),
    }
  })
  return optionalMail({
    language,
    to: recipient.email,
    subject: translate(language, 'News on your prayer requests'),
    intro: translate(
      language,
      'Here is what happened on your prayer requests since yesterday morning.',
    ),
    sections: [{ heading: null, items }],
    action: { label: translate(language, 'Open the app'), url: context.appUrl },
    unsubscribeUrl: await context.unsubscribeUrl(userId, 'activity'),
    settingsUrl: context.settingsUrl,
  })
}

/**
 * A member's weekly digest of the community: answered prayers, testimonies and requests that
 * still need prayer, by the wall's rules for them (public, or their private groups; nothing
 * removed or held), never naming an author. What came before their last use of the app is
 * left out as seen; null when nothing is left, or they no longer want it.
 */
export async function weeklyDigestMail(
  context: MailContext,
  userId: string,
  window: { from: Date; to: Date },
): Promise<Mail | null> {
  const { db } = context
  const [recipient, settings, seen] = await Promise.all([
    mailRecipient(db, userId),
    mailSettingsOf(db, userId),
    lastSeenAt(db, userId),
  ])
  if (!recipient || !settings.email.weekly_digest) return null
  const unseen = { from: seen && seen > window.from ? seen : window.from, to: window.to }
  if (unseen.from >= unseen.to) return null
  const [answered, testimonies, needing] = await Promise.all([
    answeredBetween(db, userId, unseen, WEEKLY_ITEMS),
    testimoniesBetween(db, userId, unseen, WEEKLY_ITEMS),
    stillNeedingPrayer(db, userId, unseen, WEEKLY_ITEMS),
  ])
  const sections: MailSection[] = [
    {
      heading: 'Answered prayers',
      items: answered.map((row) => ({ text: row.title, url: context.intentionUrl(row.id) })),
    },
    {
      heading: 'Testimonies',
      items: testimonies.map((row) => ({ text: row.title, url: context.testimonyUrl(row.id) })),
    },
    {
      heading: 'Requests that still need prayer',
      items: needing.map((row) => ({ text: row.title, url: context.intentionUrl(row.id) })),
    },
  ].filter((section) => section.items.length > 0) as MailSection[]
  if (sections.length === 0) return null
  const language = await context.languageOf(recipient)
  return optionalMail({
    language,
    to: recipient.email,
    subject: translate(language, 'This week in Prayer Community'),
    intro: translate(language, 'Here is what the community shared this week.'),
    sections,
    action: { label: translate(language, 'Open the app'), url: context.appUrl },
    unsubscribeUrl: await context.unsubscribeUrl(userId, 'weekly_digest'),
    settingsUrl: context.settingsUrl,
  })
}
