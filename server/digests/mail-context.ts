import type { FastifyInstance } from 'fastify'
import type { EmailKind } from '@contract/email-preferences'
import type { Language } from '@contract/languages'
import type { Notification } from '@contract/notifications'
import type { Database } from '../db/client'
import { memberLanguage } from '../i18n/language'
import { mailLinkKey } from '../mail/mail-link-key'
import type { MailRecipient } from '../users/mail-recipients'
import { unsubscribeToken } from './unsubscribe-token'

/** What every part of server/digests/ needs: the database, the clock, links and languages. */
export interface MailContext {
  db: Database
  now: () => Date
  publicUrl: string
  linkKey: () => Promise<string>
  languageOf(recipient: MailRecipient): Promise<Language>
  communityTimeZone(): Promise<string>
  unsubscribeUrl(userId: string, kind: EmailKind): Promise<string>
  settingsUrl: string
  /** Where a notification's mail leads in the app (signed in, or through sign-in). */
  urlOf(
    notification: Pick<Notification, 'type' | 'sourceIntentionId' | 'sourceTestimonyId' | 'data'>,
  ): string
  intentionUrl(id: string): string
  testimonyUrl(id: string): string
  appUrl: string
}

export const UNSUBSCRIBE_PATH = '/api/v1/mail/unsubscribe'

export function createMailContext(app: FastifyInstance): MailContext {
  const { db, now, config } = app.deps
  const base = config.publicUrl
  const linkKey = mailLinkKey(db, config.mailLinkSecret)
  const intentionUrl = (id: string) => `${base}/prayerwall?highlight=${encodeURIComponent(id)}`
  const testimonyUrl = (id: string) => `${base}/testimonies?highlight=${encodeURIComponent(id)}`
  return {
    db,
    now,
    publicUrl: base,
    linkKey,
    languageOf: (recipient) => memberLanguage(app, recipient.language),
    communityTimeZone: async () => (await app.community.read()).time_zone,
    unsubscribeUrl: async (userId, kind) =>
      `${base}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(await linkKey(), userId, kind)}`,
    settingsUrl: `${base}/settings/notifications#email`,
    intentionUrl,
    testimonyUrl,
    appUrl: `${base}/prayerwall`,
    urlOf: (notification) => {
      const roomId = notification.data?.roomId
      if (notification.type === 'RoomReminder' && typeof roomId === 'string')
        return `${base}/rooms/${encodeURIComponent(roomId)}`
      if (notification.type === 'PrayerReminder') return `${base}/prayerlist`
      if (notification.sourceTestimonyId) return testimonyUrl(notification.sourceTestimonyId)
      if (notification.sourceIntentionId) return intentionUrl(notification.sourceIntentionId)
      return `${base}/prayerwall`
    },
  }
}
