import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FIRST_SCREEN, useFirstScreenFirst } from './use-first-screen-first'

describe('useFirstScreenFirst', () => {
  it('renders the first screen first when the items arrive after the list mounted', async () => {
    const seen: number[] = []
    const { result, rerender } = renderHook(
      ({ count }) => {
        const shown = useFirstScreenFirst(count, { whole: false })
        seen.push(shown)
        return shown
      },
      { initialProps: { count: 0 } },
    )
    expect(result.current).toBe(0)
    rerender({ count: 10 })
    await waitFor(() => expect(result.current).toBe(10))
    // The render that brought the items drew none; then a screen at a time, each committed on
    // its own (issue 47).
    expect(seen.slice(seen.indexOf(0, 1))).toEqual([
      0,
      FIRST_SCREEN,
      2 * FIRST_SCREEN,
      3 * FIRST_SCREEN,
      10,
    ])
    // Later pages add to the whole list at once.
    rerender({ count: 20 })
    expect(result.current).toBe(20)
  })

  it('renders a list whole when it had its items at mount (the cache, coming back to it)', () => {
    const { result } = renderHook(() => useFirstScreenFirst(10, { whole: false }))
    expect(result.current).toBe(10)
  })

  it('renders whole when told to (a highlight link scrolls to its card)', () => {
    const { result, rerender } = renderHook(
      ({ count }) => useFirstScreenFirst(count, { whole: true }),
      { initialProps: { count: 0 } },
    )
    rerender({ count: 10 })
    expect(result.current).toBe(10)
  })

  it('keeps every item once the highlight that showed them whole is done', async () => {
    const seen: number[] = []
    const { rerender } = renderHook(
      ({ count, whole }) => {
        const shown = useFirstScreenFirst(count, { whole })
        seen.push(shown)
        return shown
      },
      { initialProps: { count: 0, whole: true } },
    )
    rerender({ count: 10, whole: true })
    await waitFor(() => expect(seen.at(-1)).toBe(10))
    rerender({ count: 10, whole: false })
    // Fewer items would remount the cards and lose what they hold (an open comment thread).
    expect(seen.slice(1)).toEqual(seen.slice(1).map(() => 10))
  })

  it('has nothing to hold back in a short list', async () => {
    const { result, rerender } = renderHook(
      ({ count }) => useFirstScreenFirst(count, { whole: false }),
      { initialProps: { count: 0 } },
    )
    rerender({ count: 2 })
    await waitFor(() => expect(result.current).toBe(2))
  })
})
