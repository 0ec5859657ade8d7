export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

// The link a notification would use: it opens the feed and rings the card (spec 001 §2).
export function testimonyLink(testimonyId: string, origin = window.location.origin): string {
  return `${origin}/testimonies?highlight=${encodeURIComponent(testimonyId)}`
}

/** The system share sheet where the browser has one, else the link goes to the clipboard. */
export async function shareTestimony(testimonyId: string, title: string): Promise<ShareOutcome> {
  const url = testimonyLink(testimonyId)
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url })
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
