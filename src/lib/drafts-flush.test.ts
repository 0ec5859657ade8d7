// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { get } from 'idb-keyval'
import { useCallback, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { DRAFT_SAVE_DELAY_MS, clearDraft, draftKey, useDraft } from './drafts'

// The save pause should not cost the last keystrokes: "Draft saved automatically" shows as soon
// as a form is edited, and leaving the tab or the form can come within the pause.

const NoteSchema = z.object({ text: z.string() })
type Note = z.infer<typeof NoteSchema>
const NOTE_DRAFT = { schema: NoteSchema, hasContent: (note: Note) => note.text.length > 0 }

function useNoteForm(userId: string) {
  const [values, setValues] = useState<Note>({ text: '' })
  const restore = useCallback(
    (draft: Note) => setValues((current) => (current.text ? current : draft)),
    [],
  )
  const { restored, clear } = useDraft('testimony', userId, values, restore, NOTE_DRAFT)
  return { values, setValues, restored, clear }
}

const stored = (userId: string) => get(draftKey('testimony', userId))
// Well inside the pause: only an immediate save can have landed by then.
const withinThePause = { timeout: DRAFT_SAVE_DELAY_MS / 2 }

afterEach(async () => {
  await clearDraft('testimony', 'ann')
  await clearDraft('testimony', 'bea')
})

describe('drafts saved within the pause', () => {
  it('saves at once when the page is hidden (pagehide: the back/forward cache)', async () => {
    const { result } = renderHook(() => useNoteForm('ann'))
    await waitFor(() => expect(result.current.restored).toBe(true))
    act(() => result.current.setValues({ text: 'typed just before leaving the page' }))
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
    })
    await waitFor(
      async () =>
        expect(await stored('ann')).toEqual({ text: 'typed just before leaving the page' }),
      withinThePause,
    )
  })

  it('saves at once when the tab is hidden (switching app), not merely when it is shown', async () => {
    const { result } = renderHook(() => useNoteForm('ann'))
    await waitFor(() => expect(result.current.restored).toBe(true))
    const visibility = vi.spyOn(document, 'visibilityState', 'get')
    try {
      act(() => result.current.setValues({ text: 'typed before switching to a call' }))
      visibility.mockReturnValue('visible')
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'))
      })
      await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS / 6))
      expect(await stored('ann')).toBeUndefined()

      visibility.mockReturnValue('hidden')
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'))
      })
      await waitFor(
        async () =>
          expect(await stored('ann')).toEqual({ text: 'typed before switching to a call' }),
        { timeout: DRAFT_SAVE_DELAY_MS / 3 },
      )
    } finally {
      visibility.mockRestore()
    }
  })

  it('saves at once when the form unmounts (the member navigates away)', async () => {
    const { result, unmount } = renderHook(() => useNoteForm('ann'))
    await waitFor(() => expect(result.current.restored).toBe(true))
    act(() => result.current.setValues({ text: 'typed just before leaving' }))
    unmount()
    await waitFor(
      async () => expect(await stored('ann')).toEqual({ text: 'typed just before leaving' }),
      withinThePause,
    )
  })

  it('does not bring a cleared draft back when the form then unmounts', async () => {
    const { result, unmount } = renderHook(() => useNoteForm('bea'))
    await waitFor(() => expect(result.current.restored).toBe(true))
    act(() => result.current.setValues({ text: 'sent, then the form closed' }))
    await act(() => result.current.clear())
    unmount()
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
    })
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS * 2))
    expect(await stored('bea')).toBeUndefined()
  })
})
