import { asOneBatch } from '../db/scoped-database'
import type { DomainEventPayloads } from '../events/domain-events'
import { recordEvent } from '../events/record-event'
import type { ScheduledJob } from '../events/scheduled-jobs'
import { allMailSettings } from '../notifications/mail-reads'
import { reminderTimeZones } from '../prayer-list/reminder-time-zones'
import { mailRecipients } from '../users/mail-recipients'
import { hourPeriod, windowDueIn, type DigestWindow } from './digest-clock'
import type { MailContext } from './mail-context'

export const DAILY_DIGEST_JOB = 'daily-digest'
export const WEEKLY_DIGEST_JOB = 'weekly-digest'

type Digest = DomainEventPayloads['DigestDue']['digest']

const DAY_MS = 86_400_000
/** Events recorded per transaction: one NOTIFY each, and no transaction holds 10,000 rows. */
const CHUNK = 500
const MANUAL = 'manual:'

/**
 * Issue 46: each hour (asked every 5 minutes by every process, recorded once: docs/events.md),
 * the members whose 07:00 falls in that hour and who want this digest get a DigestDue event,
 * keyed by member and local day, so a repeated hour or a second process records none twice;
 * the `digest-mail` subscriber builds and sends each. A run by hand (`manual:<instant>`, the dev
 * route) reaches every member who wants it at once, over the day or week up to then.
 */
export async function recordDigestsDue(context: MailContext, digest: Digest, period: string) {
  const { db } = context
  const manual = period.startsWith(MANUAL)
  const at = new Date(manual ? period.slice(MANUAL.length) : period)
  const days = digest === 'daily' ? 1 : 7
  const [recipients, settingsOf, reminderZones, communityZone] = await Promise.all([
    mailRecipients(db),
    allMailSettings(db),
    reminderTimeZones(db),
    context.communityTimeZone(),
  ])
  // Members share a handful of zones: each zone's window is worked out once.
  const windows = new Map<string, DigestWindow | null>()
  const windowIn = (zone: string) => {
    if (!windows.has(zone)) windows.set(zone, windowDueIn(zone, at, days))
    return windows.get(zone)!
  }
  const due: { userId: string; window: DigestWindow }[] = []
  for (const { userId } of recipients) {
    const settings = settingsOf(userId)
    const wanted =
      digest === 'daily' ? settings.email.activity === 'daily' : settings.email.weekly_digest
    if (!wanted) continue
    const window = manual
      ? { from: new Date(at.getTime() - days * DAY_MS), to: at, day: period }
      : windowIn(settings.timeZone ?? reminderZones.get(userId) ?? communityZone)
    if (window) due.push({ userId, window })
  }
  for (let start = 0; start < due.length; start += CHUNK)
    await db.transaction((tx) =>
      asOneBatch(tx, async () => {
        for (const { userId, window } of due.slice(start, start + CHUNK))
          await recordEvent(
            tx,
            {
              type: 'DigestDue',
              payload: {
                userId,
                digest,
                from: window.from.toISOString(),
                to: window.to.toISOString(),
              },
            },
            { occurredAt: at, key: `digest:${digest}:${userId}:${window.day}` },
          )
      }),
    )
  return due.length
}

function digestJob(context: MailContext, name: string, digest: Digest): ScheduledJob {
  return {
    name,
    everyMs: 5 * 60_000,
    periodDue: hourPeriod,
    manualPeriod: (now) => `${MANUAL}${now.toISOString()}`,
    run: async (period) => {
      await recordDigestsDue(context, digest, period)
    },
  }
}

export const dailyDigestJob = (context: MailContext) =>
  digestJob(context, DAILY_DIGEST_JOB, 'daily')
export const weeklyDigestJob = (context: MailContext) =>
  digestJob(context, WEEKLY_DIGEST_JOB, 'weekly')
