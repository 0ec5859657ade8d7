import { clearDraft } from '../drafts'
import { clearOutbox } from './outbox-store'

// DESIGN §6, ADR 0015: the member whose saved writes (outbox, drafts) this device keeps. It
// outlives a session that expired, so the login page can say what waits to be sent and the same
// member's next sign-in sends it; it changes only when someone else signs in or the member signs
// out on purpose. Local storage: it must outlive the tab. Guarded: storage may throw.
const KEY = 'prayer.outbox.owner'

export function readOutboxOwner(): string | null {
  try {
    return window.localStorage.getItem(KEY)
  } catch {
    return null
  }
}

function writeOutboxOwner(userId: string | null): void {
  try {
    if (userId) window.localStorage.setItem(KEY, userId)
    else window.localStorage.removeItem(KEY)
  } catch {
    // Not remembered: the login page then cannot count the saved writes; nothing is lost.
  }
}

/** Deletes what a member saved on this device and has not sent: their outbox and drafts. */
async function wipeSavedWrites(userId: string): Promise<void> {
  await Promise.all([
    clearOutbox(userId),
    clearDraft('prayer-composer', userId),
    clearDraft('testimony', userId),
    clearDraft('room', userId),
    clearDraft('prayer-update', userId),
  ])
}

/**
 * A member is signed in on this device: their saved writes are the device's from now on. What
 * another member left here goes, unseen and unsent. The device changes hands only once the wipe
 * is done: a page closed or reloaded mid-wipe leaves the previous member as the owner, so the
 * next start wipes again instead of keeping what is left.
 */
export async function adoptSavedWrites(userId: string): Promise<void> {
  const previous = readOutboxOwner()
  if (previous && previous !== userId) await wipeSavedWrites(previous)
  writeOutboxOwner(userId)
}

/** The member signed out on purpose (after the warning listing what goes). */
export async function forgetSavedWrites(userId: string): Promise<void> {
  if (readOutboxOwner() === userId) writeOutboxOwner(null)
  await wipeSavedWrites(userId)
}
