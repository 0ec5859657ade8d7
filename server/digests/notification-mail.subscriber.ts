import type { FastifyInstance } from 'fastify'
import type { EmailKind } from '@contract/email-preferences'
import type { Notification } from '@contract/notifications'
import type { DomainEventPayloads } from '../events/domain-events'
import { recordEvent } from '../events/record-event'
import type { Subscriber } from '../events/subscriber'
import { translate } from '../i18n/translate'
import type { Mail } from '../mail/mailer'
import { sendMailOnce } from '../mail/send-once'
import {
  mailSettingsOf,
  mailSettingsOfMembers,
  unreadNotifications,
  type MemberMailSettings,
} from '../notifications/mail-reads'
import { pushWording } from '../notifications/push/push-wording'
import { mailRecipient } from '../users/mail-recipients'
import { ACTIVITY_TYPES } from './digest-mails'
import type { MailContext } from './mail-context'
import { optionalMail } from './optional-mail'

type Kind = DomainEventPayloads['NotificationMailDue']['kind']

const PREFERENCE: Record<Kind, EmailKind> = {
  activity: 'activity',
  prayer_reminder: 'reminders',
  room_reminder: 'rooms',
}

function kindOf(notification: Pick<Notification, 'type'>): Kind | null {
  if (notification.type === 'PrayerReminder') return 'prayer_reminder'
  if (notification.type === 'RoomReminder') return 'room_reminder'
  return ACTIVITY_TYPES.includes(notification.type) ? 'activity' : null
}

function wants(settings: MemberMailSettings, kind: Kind) {
  if (kind === 'activity') return settings.email.activity === 'instant'
  return settings.email[PREFERENCE[kind]] === true
}

async function notificationMail(
  context: MailContext,
  notificationId: string,
  kind: Kind,
): Promise<Mail | null> {
  const [found] = await unreadNotifications(context.db, [notificationId])
  if (!found) return null
  const { userId, notification } = found
  const recipient = await mailRecipient(context.db, userId)
  if (!recipient) return null
  const settings = await mailSettingsOf(context.db, userId)
  if (!wants(settings, kind)) return null
  const language = await context.languageOf(recipient)
  const words = pushWording(language, notification, settings.previews)
  return optionalMail({
    language,
    to: recipient.email,
    subject: words.title,
    intro: null,
    sections: [
      {
        heading: null,
        items: [
          {
            text: words.title,
            ...(words.body ? { detail: words.body } : {}),
            url: context.urlOf(notification),
          },
        ],
      },
    ],
    action: { label: translate(language, 'Open the app'), url: context.appUrl },
    unsubscribeUrl: await context.unsubscribeUrl(userId, PREFERENCE[kind]),
    settingsUrl: context.settingsUrl,
  })
}

/**
 * Issue 46: a notification the member asked to hear by mail too (activity "at once", prayer-list
 * or room reminders by mail) becomes a NotificationMailDue of its own, keyed by the
 * notification, so it is mailed once however often its NotificationsRaised is delivered (a
 * prayer bundle re-counted raises it again: one mail still); that one is sent through
 * sendMailOnce with the events' retries. The reminders' own code is untouched: this follows the
 * notifications it raises. Read again when sent: a notification read meanwhile is not mailed.
 */
export function notificationMailSubscriber(app: FastifyInstance, context: MailContext): Subscriber {
  const { db, now } = context
  return {
    name: 'notification-mail',
    on: {
      NotificationsRaised: async (event) => {
        const candidates = (await unreadNotifications(db, event.payload.notificationIds)).flatMap(
          (item) => {
            const kind = kindOf(item.notification)
            return kind ? [{ ...item, kind }] : []
          },
        )
        if (candidates.length === 0) return
        const settings = await mailSettingsOfMembers(
          db,
          candidates.map((candidate) => candidate.userId),
        )
        const due = candidates
          .filter(({ userId, kind }) => wants(settings.get(userId)!, kind))
          .map(({ notification, kind }) => ({ notificationId: notification.notificationId, kind }))
        if (due.length === 0) return
        await db.transaction(async (tx) => {
          for (const payload of due)
            await recordEvent(
              tx,
              { type: 'NotificationMailDue', payload },
              { occurredAt: now(), key: `mail:${payload.notificationId}` },
            )
        })
      },
      NotificationMailDue: async (event) => {
        const { notificationId, kind } = event.payload
        await sendMailOnce(app, event.id, kind, () =>
          notificationMail(context, notificationId, kind),
        )
      },
    },
  }
}
