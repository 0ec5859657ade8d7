import { del, get, set } from 'idb-keyval'
import { useEffect, useState } from 'react'
import { type TestimonyValues, TestimonyValuesSchema, hasContent } from '../testimony-form'

// Spec 001 §3 "Drafts", DESIGN §6: kept per user so another member on the same device never
// sees it; the version lets a later shape ignore an old draft.
export const DRAFT_SAVE_DELAY_MS = 300
export const testimonyDraftKey = (userId: string) => `testimony-draft:v1:${userId}`

export async function readTestimonyDraft(userId: string): Promise<TestimonyValues | null> {
  // Without IndexedDB (some private modes) idb-keyval throws before its promise: no draft then.
  const stored: unknown = await Promise.resolve()
    .then(() => get(testimonyDraftKey(userId)))
    .catch(() => undefined)
  const parsed = TestimonyValuesSchema.safeParse(stored)
  return parsed.success ? parsed.data : null
}

export function clearTestimonyDraft(userId: string): Promise<void> {
  return Promise.resolve()
    .then(() => del(testimonyDraftKey(userId)))
    .catch(() => undefined)
}

/**
 * Restores the user's draft once (`restore` must be stable, e.g. a state setter), then saves
 * every later change after a short pause; an empty form deletes the draft.
 */
export function useTestimonyDraft(
  userId: string | null,
  values: TestimonyValues,
  restore: (draft: TestimonyValues) => void,
): { restored: boolean } {
  const [restored, setRestored] = useState(false)

  useEffect(() => {
    if (!userId) return
    let cancelled = false
    void readTestimonyDraft(userId).then((draft) => {
      if (cancelled) return
      if (draft) restore(draft)
      setRestored(true)
    })
    return () => {
      cancelled = true
    }
  }, [userId, restore])

  useEffect(() => {
    if (!userId || !restored) return
    const timer = setTimeout(() => {
      const key = testimonyDraftKey(userId)
      void Promise.resolve()
        .then(() => (hasContent(values) ? set(key, values) : del(key)))
        .catch(() => undefined)
    }, DRAFT_SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [userId, restored, values])

  return { restored }
}
