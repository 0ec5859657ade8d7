import type { Intention } from '@contract/intentions'
import { t } from '@/i18n/i18n'

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

type Shared = Pick<Intention, 'intention_id' | 'title' | 'destination' | 'group_name'>

// The link a notification would use: it opens the wall and rings the card (spec 001 §2). A
// private group's request is found under My Groups, and only by the group's members.
export function intentionLink(intention: Shared, origin = window.location.origin): string {
  const view = intention.destination === 'private_group' ? 'view=groups&' : ''
  return `${origin}/prayerwall?${view}highlight=${encodeURIComponent(intention.intention_id)}`
}

/** What a private-group link says about who can open it (issue 17); null for the public wall. */
export function membersOnlyNote(intention: Shared): string | null {
  if (intention.destination !== 'private_group') return null
  return intention.group_name
    ? t('Only members of {group} can open this link.', { group: intention.group_name })
    : t('Only members of the group can open this link.')
}

/** The system share sheet where the browser has one, else the link goes to the clipboard. */
export async function shareIntention(intention: Shared): Promise<ShareOutcome> {
  const url = intentionLink(intention)
  const note = membersOnlyNote(intention)
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: intention.title, url, ...(note && { text: note }) })
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
