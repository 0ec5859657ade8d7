// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { get, set } from 'idb-keyval'
import { useCallback, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DRAFT_SAVE_DELAY_MS, clearDraft, draftKey, readDraft, useDraft } from './drafts'

const NoteSchema = z.object({ text: z.string() })
type Note = z.infer<typeof NoteSchema>
const NOTE_DRAFT = { schema: NoteSchema, hasContent: (note: Note) => note.text.length > 0 }

function useNoteForm(userId: string | null) {
  const [values, setValues] = useState<Note>({ text: '' })
  const restore = useCallback(
    (draft: Note) => setValues((current) => (current.text ? current : draft)),
    [],
  )
  const { restored, clear } = useDraft('prayer-composer', userId, values, restore, NOTE_DRAFT)
  return { values, setValues, restored, clear }
}

afterEach(async () => {
  await clearDraft('prayer-composer', 'ann')
  await clearDraft('prayer-composer', 'bea')
})

describe('drafts', () => {
  it('keys each draft by form, version and user', () => {
    expect(draftKey('prayer-composer', 'ann')).toBe('prayer-composer-draft:v1:ann')
    expect(draftKey('testimony', 'ann')).toBe('testimony-draft:v1:ann')
  })

  it('ignores a stored value of another shape instead of restoring it', async () => {
    await set(draftKey('prayer-composer', 'ann'), { title: 'an older form' })
    expect(await readDraft('prayer-composer', 'ann', NoteSchema)).toBeNull()
  })

  it('restores the user’s own draft, saves changes after a pause, deletes it when emptied', async () => {
    await set(draftKey('prayer-composer', 'ann'), { text: 'Ann’s words' })
    await set(draftKey('prayer-composer', 'bea'), { text: 'Bea’s words' })
    const { result } = renderHook(() => useNoteForm('ann'))
    await waitFor(() => expect(result.current.values.text).toBe('Ann’s words'))

    act(() => result.current.setValues({ text: 'Ann’s words, longer' }))
    await waitFor(async () =>
      expect(await get(draftKey('prayer-composer', 'ann'))).toEqual({
        text: 'Ann’s words, longer',
      }),
    )
    expect(await get(draftKey('prayer-composer', 'bea'))).toEqual({ text: 'Bea’s words' })

    act(() => result.current.setValues({ text: '' }))
    await waitFor(async () => expect(await get(draftKey('prayer-composer', 'ann'))).toBeUndefined())
  })

  it('never overwrites the stored draft with the empty form before the read is done', async () => {
    await set(draftKey('prayer-composer', 'ann'), { text: 'kept from yesterday' })
    const { result } = renderHook(() => useNoteForm('ann'))
    await waitFor(() => expect(result.current.restored).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS * 2))
    expect(await get(draftKey('prayer-composer', 'ann'))).toEqual({ text: 'kept from yesterday' })
  })

  it('clear after a submit wins over a save still waiting to run', async () => {
    const { result } = renderHook(() => useNoteForm('ann'))
    await waitFor(() => expect(result.current.restored).toBe(true))
    act(() => result.current.setValues({ text: 'sent a moment after typing' }))
    await act(() => result.current.clear())
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS * 2))
    expect(await get(draftKey('prayer-composer', 'ann'))).toBeUndefined()
  })
})
