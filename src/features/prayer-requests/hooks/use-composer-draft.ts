import { del, get, set } from 'idb-keyval'
import { useEffect, useState } from 'react'
import { type ComposerValues, ComposerValuesSchema, hasContent } from '../composer-form'

// Spec 001 §3 "Drafts" (versioned key 1), DESIGN §6: kept per user so another member on the
// same device never sees it.
export const DRAFT_SAVE_DELAY_MS = 300
export const composerDraftKey = (userId: string) => `prayer-composer-draft:v1:${userId}`

export async function readComposerDraft(userId: string): Promise<ComposerValues | null> {
  const stored: unknown = await get(composerDraftKey(userId)).catch(() => undefined)
  const parsed = ComposerValuesSchema.safeParse(stored)
  return parsed.success ? parsed.data : null
}

export function clearComposerDraft(userId: string): Promise<void> {
  return del(composerDraftKey(userId)).catch(() => undefined)
}

/**
 * `restore` must be stable (a state setter). Restores the user's draft once (`restored` turns true after the read) and saves every later
 * change after a short pause. An empty form deletes the draft.
 */
export function useComposerDraft(
  userId: string | null,
  values: ComposerValues,
  restore: (draft: ComposerValues) => void,
): { restored: boolean } {
  const [restored, setRestored] = useState(false)

  useEffect(() => {
    if (!userId) return
    let cancelled = false
    void readComposerDraft(userId).then((draft) => {
      if (cancelled) return
      if (draft) restore(draft)
      setRestored(true)
    })
    return () => {
      cancelled = true
    }
    // `restore` is a state setter: stable, so the draft is read once per user.
  }, [userId, restore])

  useEffect(() => {
    if (!userId || !restored) return
    const timer = setTimeout(() => {
      const key = composerDraftKey(userId)
      void (hasContent(values) ? set(key, values) : del(key)).catch(() => undefined)
    }, DRAFT_SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [userId, restored, values])

  return { restored }
}
