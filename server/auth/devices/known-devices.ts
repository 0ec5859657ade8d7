import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { recordEvent } from '../../events/record-event'
import { hashToken } from '../session-token'
import { knownDevicesTable } from './known-devices.table'

/**
 * In the sign-in's transaction (issue 39): remembers the browser, and a browser the member had
 * not signed in from records NewDeviceSignedIn, which mails them. Their first device ever (the
 * first sign-in after sign-up, or the first since this list began) is only remembered: there is
 * nothing yet to tell it apart from.
 */
export async function noteSignInDevice(
  tx: Database,
  input: { userId: string; deviceId: string; device: string; now: Date },
) {
  const [known] = await tx
    .select({ id: knownDevicesTable.id })
    .from(knownDevicesTable)
    .where(eq(knownDevicesTable.userId, input.userId))
    .limit(1)
  const [added] = await tx
    .insert(knownDevicesTable)
    .values({
      userId: input.userId,
      deviceHash: hashToken(input.deviceId),
      createdAt: input.now,
      notifiedAt: known ? null : input.now,
    })
    .onConflictDoNothing()
    .returning({ id: knownDevicesTable.id })
  if (!added || !known) return
  await recordEvent(
    tx,
    {
      type: 'NewDeviceSignedIn',
      payload: { userId: input.userId, knownDeviceId: added.id, device: input.device },
    },
    { occurredAt: input.now },
  )
}

/** The member was told of this device (its mail went out: auth-mail.subscriber.ts). */
export async function markNewDeviceNotified(db: Database, knownDeviceId: string, now: Date) {
  await db
    .update(knownDevicesTable)
    .set({ notifiedAt: now })
    .where(and(eq(knownDevicesTable.id, knownDeviceId), isNull(knownDevicesTable.notifiedAt)))
}
