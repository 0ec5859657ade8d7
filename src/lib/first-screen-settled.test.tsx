import {
  onlineManager,
  QueryClient,
  QueryClientProvider,
  QueryObserver,
} from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/app'
import {
  AfterFirstScreen,
  SETTLE_MAX_WAIT_MS,
  SETTLE_QUIET_MS,
  whenFirstScreenSettled,
  whenScreenSettled,
} from './first-screen-settled'

// The wait that keeps the live connection off a phone's first screen (issue 18).

let queryClient: QueryClient
beforeEach(() => {
  vi.useFakeTimers()
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})
afterEach(() => {
  queryClient.clear()
  vi.useRealTimers()
})

/** A query whose answer comes when the test says so. */
function slowQuery(key: string) {
  let answer: (value: string) => void = () => {}
  // A query still waiting when the test ends is cancelled by queryClient.clear().
  const fetched = queryClient
    .fetchQuery({
      queryKey: [key],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    })
    .catch(() => undefined)
  return { answer: (value: string) => answer(value), fetched }
}

describe('whenFirstScreenSettled', () => {
  it('waits for a quiet moment on a page with nothing loading', () => {
    const settled = vi.fn()
    whenFirstScreenSettled(queryClient, settled)
    vi.advanceTimersByTime(SETTLE_QUIET_MS - 1)
    expect(settled).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(settled).toHaveBeenCalledTimes(1)
  })

  it('waits while a query is fetching, then for a quiet moment after its answer', async () => {
    const settled = vi.fn()
    whenFirstScreenSettled(queryClient, settled)
    const feed = slowQuery('feed')
    vi.advanceTimersByTime(SETTLE_QUIET_MS * 3)
    expect(settled).not.toHaveBeenCalled()

    feed.answer('cards')
    await feed.fetched
    vi.advanceTimersByTime(SETTLE_QUIET_MS - 1)
    expect(settled).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(settled).toHaveBeenCalledTimes(1)
  })

  it('gives up waiting on a page that never quiets down', () => {
    const settled = vi.fn()
    whenFirstScreenSettled(queryClient, settled)
    slowQuery('never answered')
    vi.advanceTimersByTime(SETTLE_MAX_WAIT_MS - 1)
    expect(settled).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(settled).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(SETTLE_MAX_WAIT_MS)
    expect(settled).toHaveBeenCalledTimes(1)
  })

  it('takes a busy cache without a timer per event, and waits from the last one', () => {
    const settled = vi.fn()
    const timers = vi.spyOn(globalThis, 'setTimeout')
    whenFirstScreenSettled(queryClient, settled)
    // A first screen's renders: a hundred of the cache's events in a second.
    for (let event = 0; event < 100; event++) {
      queryClient.setQueryData(['feed'], event)
      vi.advanceTimersByTime(SETTLE_QUIET_MS / 100)
    }
    const quietTimers = timers.mock.calls.filter(
      ([, delay]) => delay !== undefined && delay > 0 && delay <= SETTLE_QUIET_MS,
    )
    expect(quietTimers.length).toBeLessThanOrEqual(3)
    vi.advanceTimersByTime(SETTLE_QUIET_MS - SETTLE_QUIET_MS / 100 - 1)
    expect(settled).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(settled).toHaveBeenCalledTimes(1)
    timers.mockRestore()
  })

  it('calls nothing once cancelled (the page left before it settled)', () => {
    const settled = vi.fn()
    const cancel = whenFirstScreenSettled(queryClient, settled)
    cancel()
    vi.advanceTimersByTime(SETTLE_MAX_WAIT_MS)
    expect(settled).not.toHaveBeenCalled()
  })
})

describe('whenFirstScreenSettled on a page opened with no network', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
    vi.restoreAllMocks()
  })

  it("settles a quiet moment after the app's queries fail: no retries into a network that is gone", async () => {
    // No `offline` event on a page that opens offline; only navigator.onLine says so.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const app = createQueryClient()
    app.mount() // as QueryClientProvider does: it then hears `online`
    const settled = vi.fn()
    whenFirstScreenSettled(app, settled)
    // A call the service worker cannot answer offline (the bell's count), run as useQuery runs
    // it, with the app's defaults. Retried offline, it was 'fetching' for 1 + 2 + 4 s, and the
    // page settled only at SETTLE_MAX_WAIT_MS.
    const bell = new QueryObserver(app, {
      queryKey: ['notifications', 'unread-count'],
      queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    const stop = bell.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(SETTLE_QUIET_MS)
    expect(bell.getCurrentResult()).toMatchObject({ status: 'error', fetchStatus: 'idle' })
    expect(settled).toHaveBeenCalledTimes(1)

    // The network's return asks again (the `online` event, which the page does hear).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(bell.getCurrentResult().fetchStatus).toBe('fetching')
    stop()
    app.unmount()
    app.clear()
  })
})

describe('AfterFirstScreen', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )

  it('renders its children once the first screen has settled, and at once after that', () => {
    const first = render(<AfterFirstScreen>later</AfterFirstScreen>, { wrapper })
    expect(first.container).toHaveTextContent('')
    act(() => vi.advanceTimersByTime(SETTLE_QUIET_MS))
    expect(first.container).toHaveTextContent('later')
    // A part mounted after a navigation does not wait again.
    const second = render(<AfterFirstScreen>at once</AfterFirstScreen>, { wrapper })
    expect(second.container).toHaveTextContent('at once')
  })
})

describe('whenScreenSettled', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )

  it("is the page load's own wait while it runs, and a wait of its own after it", () => {
    const page = render(<AfterFirstScreen>later</AfterFirstScreen>, { wrapper })
    act(() => vi.advanceTimersByTime(SETTLE_QUIET_MS / 2))
    // Started later than the page's wait, it still ends with it: in the same task, not after.
    const live = vi.fn(() => expect(page.container).not.toHaveTextContent('later'))
    whenScreenSettled(queryClient, live)
    act(() => vi.advanceTimersByTime(SETTLE_QUIET_MS / 2))
    expect(live).toHaveBeenCalledTimes(1)
    expect(page.container).toHaveTextContent('later')

    // A screen shown after that (the wall after a sign-in) waits for its own quiet moment.
    const next = vi.fn()
    whenScreenSettled(queryClient, next)
    vi.advanceTimersByTime(SETTLE_QUIET_MS - 1)
    expect(next).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(next).toHaveBeenCalledTimes(1)
  })

  it('calls nothing once cancelled', () => {
    render(<AfterFirstScreen>later</AfterFirstScreen>, { wrapper })
    const live = vi.fn()
    whenScreenSettled(queryClient, live)()
    act(() => vi.advanceTimersByTime(SETTLE_MAX_WAIT_MS))
    expect(live).not.toHaveBeenCalled()
  })
})
