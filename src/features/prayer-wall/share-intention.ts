import type { Intention } from '@contract/intentions'

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

// The link a notification would use: it opens the wall and rings the card (spec 001 §2).
export function intentionLink(intentionId: string, origin = window.location.origin): string {
  return `${origin}/prayerwall?highlight=${encodeURIComponent(intentionId)}`
}

/** The system share sheet where the browser has one, else the link goes to the clipboard. */
export async function shareIntention(
  intention: Pick<Intention, 'intention_id' | 'title'>,
): Promise<ShareOutcome> {
  const url = intentionLink(intention.intention_id)
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: intention.title, url })
      return 'shared'
    } catch (error) {
      return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed'
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    return 'copied'
  } catch {
    return 'failed'
  }
}
