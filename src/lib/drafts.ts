import { del, get, set } from 'idb-keyval'
import { useCallback, useEffect, useRef, useState } from 'react'
import * as z from 'zod/mini'

// Spec 001 §3 "Drafts", DESIGN §6: what a member is composing lives in IndexedDB as they type,
// per user (another member on the same device never sees it) and per version (a later shape of
// the form ignores an old draft instead of restoring something it cannot read).

export const DRAFT_SAVE_DELAY_MS = 300

/** The forms that keep a draft, each with the version of the shape it stores. */
const DRAFT_VERSIONS = {
  'prayer-composer': 1,
  testimony: 1,
  room: 1,
  'prayer-update': 1,
} as const
export type DraftForm = keyof typeof DRAFT_VERSIONS

export function draftKey(form: DraftForm, userId: string): string {
  return `${form}-draft:v${DRAFT_VERSIONS[form]}:${userId}`
}

// Without IndexedDB (some private modes) idb-keyval throws before its promise; a draft is a
// convenience, so that reads as "no draft" and writes are dropped.
function quietly<T>(run: () => Promise<T>): Promise<T | undefined> {
  return Promise.resolve()
    .then(run)
    .catch(() => undefined)
}

// A page being torn down (reload, closed tab, closed app) aborts its IndexedDB writes in
// Chromium, so the values still waiting for their save at pagehide are also kept in
// localStorage, which writes synchronously and outlives the tab (issue 19: sessionStorage went
// with a closed tab). The next read takes that copy first (it is the newer one) and moves it
// into IndexedDB; a save that did land removes it. `null` there means "the form was emptied".
const rescueKey = (form: DraftForm, userId: string) => `rescued:${draftKey(form, userId)}`

// localStorage can throw (disabled, full): a rescue is a second chance, never an error.
function inStorage<R>(run: (storage: Storage) => R): R | undefined {
  try {
    return run(localStorage)
  } catch {
    return undefined
  }
}

function rescueDraft(form: DraftForm, userId: string, values: unknown): void {
  inStorage((storage) => storage.setItem(rescueKey(form, userId), JSON.stringify(values)))
}

function takeRescued(form: DraftForm, userId: string): { values: unknown } | null {
  return (
    inStorage((storage) => {
      const raw = storage.getItem(rescueKey(form, userId))
      if (raw === null) return null
      storage.removeItem(rescueKey(form, userId))
      return { values: JSON.parse(raw) as unknown }
    }) ?? null
  )
}

function dropRescued(form: DraftForm, userId: string): void {
  inStorage((storage) => storage.removeItem(rescueKey(form, userId)))
}

// Only the copy of what was just saved goes: a later rescue (typed after this save started) stays.
function forgetRescued(form: DraftForm, userId: string, values: unknown): void {
  inStorage((storage) => {
    if (storage.getItem(rescueKey(form, userId)) === JSON.stringify(values))
      storage.removeItem(rescueKey(form, userId))
  })
}

export async function readDraft<T>(
  form: DraftForm,
  userId: string,
  schema: z.core.$ZodType<T>,
): Promise<T | null> {
  const rescued = takeRescued(form, userId)
  if (rescued) {
    const parsed = z.safeParse(schema, rescued.values)
    if (parsed.success) await writeDraft(form, userId, parsed.data)
    else await clearDraft(form, userId)
    return parsed.success ? parsed.data : null
  }
  const stored: unknown = await quietly(() => get(draftKey(form, userId)))
  const parsed = z.safeParse(schema, stored)
  return parsed.success ? parsed.data : null
}

export async function writeDraft<T>(form: DraftForm, userId: string, values: T): Promise<void> {
  await quietly(async () => {
    await set(draftKey(form, userId), values)
    forgetRescued(form, userId, values)
  })
}

export async function clearDraft(form: DraftForm, userId: string): Promise<void> {
  await quietly(async () => {
    await del(draftKey(form, userId))
    forgetRescued(form, userId, null)
  })
}

type DraftOptions<T> = {
  schema: z.core.$ZodType<T>
  /** An empty form deletes the draft rather than storing blanks. */
  hasContent: (values: T) => boolean
}

/**
 * Restores the user's draft once (`restore` must be stable, e.g. a state setter or a
 * useCallback), then saves every later change after a short pause. `restored` turns true once
 * the read is done, so a save never overwrites the stored draft with the empty initial form.
 * `clear` (after a successful submit, or "Clear draft") cancels a pending save and deletes the
 * draft after any write already on its way, so a late save cannot bring a sent draft back.
 * A save still waiting when the page is hidden (the member switches tab or app, where a phone
 * may then discard the page; the back/forward cache) or the form unmounts (navigating within
 * the app) runs at once: the forms say "Draft saved automatically" as soon as they are edited.
 * A page being torn down (reload, closed tab or app) keeps them too, through the localStorage
 * rescue above: Chromium aborts the IndexedDB writes of an unloading document.
 */
export function useDraft<T>(
  form: DraftForm,
  userId: string | null,
  values: T,
  restore: (draft: T) => void,
  { schema, hasContent }: DraftOptions<T>,
): { restored: boolean; clear: () => Promise<void> } {
  const [restored, setRestored] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // The save waiting out the pause, if any: what it will store (null: the form is empty, so the
  // draft goes).
  const waiting = useRef<{ userId: string; values: T | null } | null>(null)
  // Writes run one after another, in the order they were asked for.
  const writes = useRef<Promise<void>>(Promise.resolve())
  const enqueue = useCallback((write: () => Promise<void>) => {
    writes.current = writes.current.then(write)
    return writes.current
  }, [])
  const flush = useCallback(() => {
    clearTimeout(timer.current)
    const save = waiting.current
    waiting.current = null
    if (save)
      void enqueue(() =>
        save.values === null
          ? clearDraft(form, save.userId)
          : writeDraft(form, save.userId, save.values),
      )
  }, [form, enqueue])
  const flushAtPageHide = useCallback(() => {
    if (waiting.current) rescueDraft(form, waiting.current.userId, waiting.current.values)
    flush()
  }, [form, flush])

  useEffect(() => {
    if (!userId) return
    let cancelled = false
    void readDraft(form, userId, schema).then((draft) => {
      if (cancelled) return
      if (draft) restore(draft)
      setRestored(true)
    })
    return () => {
      cancelled = true
    }
    // Callers pass module constants and a stable `restore`: the draft is read once per user.
  }, [form, userId, restore, schema])

  useEffect(() => {
    if (!userId || !restored) return
    waiting.current = { userId, values: hasContent(values) ? values : null }
    timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS)
    return () => clearTimeout(timer.current)
  }, [userId, restored, values, hasContent, flush])

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flushAtPageHide)
    document.addEventListener('visibilitychange', onVisibilityChange)
    return () => {
      window.removeEventListener('pagehide', flushAtPageHide)
      document.removeEventListener('visibilitychange', onVisibilityChange)
      flush()
    }
  }, [flush, flushAtPageHide])

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    waiting.current = null
    if (!userId) return Promise.resolve()
    // Whatever was rescued is older than this clear (a sent form, "Clear draft").
    dropRescued(form, userId)
    return enqueue(() => clearDraft(form, userId))
  }, [form, userId, enqueue])

  return { restored, clear }
}
