// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import type * as IdbKeyval from 'idb-keyval'
import { useCallback, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

// A reload aborts the IndexedDB writes of the page it tears down. Here every write hangs, as it
// would then: only what the draft module kept elsewhere at pagehide can come back.
const idb = vi.hoisted(() => ({ writesLand: true }))
vi.mock('idb-keyval', async (importOriginal) => {
  const actual = await importOriginal<typeof IdbKeyval>()
  return {
    ...actual,
    set: (...args: Parameters<typeof actual.set>) =>
      idb.writesLand ? actual.set(...args) : new Promise<void>(() => {}),
  }
})
const { get } = await import('idb-keyval')
const { clearDraft, draftKey, readDraft, useDraft } = await import('./drafts')

const NoteSchema = z.object({ text: z.string() })
type Note = z.infer<typeof NoteSchema>
const NOTE_DRAFT = { schema: NoteSchema, hasContent: (note: Note) => note.text.length > 0 }

function useNoteForm(userId: string) {
  const [values, setValues] = useState<Note>({ text: '' })
  const restore = useCallback((draft: Note) => setValues(draft), [])
  const { restored, clear } = useDraft('testimony', userId, values, restore, NOTE_DRAFT)
  return { values, setValues, restored, clear }
}

async function typeThenReload(text: string) {
  const before = renderHook(() => useNoteForm('ann'))
  await waitFor(() => expect(before.result.current.restored).toBe(true))
  idb.writesLand = false
  act(() => before.result.current.setValues({ text }))
  act(() => {
    window.dispatchEvent(new Event('pagehide'))
  })
  before.unmount()
  // The queued save starts a moment later, while the page is going: it must hang too.
  await new Promise((resolve) => setTimeout(resolve, 50))
  idb.writesLand = true
}

afterEach(async () => {
  idb.writesLand = true
  localStorage.clear()
  await clearDraft('testimony', 'ann')
})

describe('a reload or a closed tab within the save pause', () => {
  it('brings back what was typed the moment before the tab or the installed app was closed', async () => {
    await typeThenReload('typed just before closing the app')
    // A closed tab takes its sessionStorage along; the next open is a new tab.
    sessionStorage.clear()
    const reopened = renderHook(() => useNoteForm('ann'))
    await waitFor(() =>
      expect(reopened.result.current.values).toEqual({ text: 'typed just before closing the app' }),
    )
  })

  it('brings back what was typed even though its IndexedDB save never landed', async () => {
    await typeThenReload('typed a moment before pressing reload')
    const after = renderHook(() => useNoteForm('ann'))
    await waitFor(() =>
      expect(after.result.current.values).toEqual({
        text: 'typed a moment before pressing reload',
      }),
    )
    // Moved into IndexedDB: the next load reads it from there.
    expect(await readDraft('testimony', 'ann', NoteSchema)).toEqual({
      text: 'typed a moment before pressing reload',
    })
    expect(localStorage.length).toBe(0)
  })

  it('never brings back a draft cleared after it was rescued (a sent form)', async () => {
    await typeThenReload('sent once the connection came back')
    const after = renderHook(() => useNoteForm('ann'))
    await waitFor(() => expect(after.result.current.values.text).not.toBe(''))
    await act(() => after.result.current.clear())
    after.unmount()
    expect(await readDraft('testimony', 'ann', NoteSchema)).toBeNull()
  })

  it('keeps nothing aside when the save had already landed', async () => {
    const view = renderHook(() => useNoteForm('ann'))
    await waitFor(() => expect(view.result.current.restored).toBe(true))
    act(() => view.result.current.setValues({ text: 'saved normally' }))
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
    })
    await waitFor(async () =>
      expect(await get(draftKey('testimony', 'ann'))).toEqual({ text: 'saved normally' }),
    )
    expect(localStorage.length).toBe(0)
  })
})
