import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PULL_THRESHOLD, usePullToRefresh } from './use-pull-to-refresh'

const touch = (target: EventTarget, type: string, clientY?: number) =>
  act(() => {
    const touches = clientY === undefined ? [] : [{ clientY }]
    target.dispatchEvent(Object.assign(new Event(type), { touches }))
  })

function pull(target: EventTarget, by: number) {
  touch(target, 'touchstart', 100)
  touch(target, 'touchmove', 100 + by)
  touch(target, 'touchend')
}

describe('usePullToRefresh', () => {
  it('refreshes the page when pulled past the threshold from its top, not before', () => {
    const onRefresh = vi.fn()
    const { result } = renderHook(() => usePullToRefresh(onRefresh))
    touch(window, 'touchstart', 100)
    touch(window, 'touchmove', 130)
    expect(result.current).toBe(30)
    touch(window, 'touchend')
    expect(result.current).toBe(0)
    expect(onRefresh).not.toHaveBeenCalled()
    pull(window, PULL_THRESHOLD + 10)
    expect(onRefresh).toHaveBeenCalledTimes(1)
  })

  it("in a panel, follows the panel's own scroll: a pull below its top is a scroll", () => {
    const onRefresh = vi.fn()
    const panel = document.createElement('div')
    document.body.append(panel)
    const container = { current: panel }
    renderHook(() => usePullToRefresh(onRefresh, container))
    Object.defineProperty(panel, 'scrollTop', { value: 40, configurable: true })
    pull(panel, PULL_THRESHOLD + 10)
    expect(onRefresh).not.toHaveBeenCalled()
    Object.defineProperty(panel, 'scrollTop', { value: 0, configurable: true })
    pull(panel, PULL_THRESHOLD + 10)
    expect(onRefresh).toHaveBeenCalledTimes(1)
    // The page's own pulls are not the panel's.
    pull(window, PULL_THRESHOLD + 10)
    expect(onRefresh).toHaveBeenCalledTimes(1)
    panel.remove()
  })
})
