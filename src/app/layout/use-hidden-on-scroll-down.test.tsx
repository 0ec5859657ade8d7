import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useHiddenOnScrollDown } from './use-hidden-on-scroll-down'

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
})

describe('useHiddenOnScrollDown', () => {
  it('hides while scrolling down, shows on scrolling up and at the top', () => {
    Object.defineProperty(window, 'innerHeight', { value: 844, configurable: true })
    const { result } = renderHook(() => useHiddenOnScrollDown())
    expect(result.current).toBe(false)
    scrollTo(100)
    scrollTo(300)
    expect(result.current).toBe(true)
    // A tremble is not a scroll up.
    scrollTo(296)
    expect(result.current).toBe(true)
    scrollTo(250)
    expect(result.current).toBe(false)
    scrollTo(400)
    expect(result.current).toBe(true)
    scrollTo(20)
    expect(result.current).toBe(false)
  })

  it('keeps the bar when the app puts the page back far down in one jump', () => {
    Object.defineProperty(window, 'innerHeight', { value: 844, configurable: true })
    const { result } = renderHook(() => useHiddenOnScrollDown())
    scrollTo(2400)
    expect(result.current).toBe(false)
  })

  it('keeps the bar when a page is shown at its place, however near', () => {
    Object.defineProperty(window, 'innerHeight', { value: 844, configurable: true })
    const listeners = new Set<() => void>()
    const onPageShown = (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
    const { result, unmount } = renderHook(() => useHiddenOnScrollDown(onPageShown))
    scrollTo(0)
    // Back on a page left 300 px down: the router puts it there, a move no thumb made.
    for (const listener of listeners) listener()
    scrollTo(300)
    expect(result.current).toBe(false)
    // From there the member's own scrolling counts again.
    scrollTo(500)
    expect(result.current).toBe(true)
    unmount()
    expect(listeners.size).toBe(0)
  })

  it('reads no scroll position while mounting: that forced a layout into the first commit', () => {
    const read = vi.fn(() => 0)
    Object.defineProperty(window, 'scrollY', { get: read, configurable: true })
    renderHook(() => useHiddenOnScrollDown())
    expect(read).not.toHaveBeenCalled()
  })
})
