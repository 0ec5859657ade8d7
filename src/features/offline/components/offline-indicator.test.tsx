import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NetworkError } from '@/lib/api-client'
import { OfflineIndicator } from './offline-indicator'

// DESIGN §6: a visible, quiet note when the app is offline and when what it shows is saved.

let online = true
let workerListener: ((event: MessageEvent) => void) | null = null

beforeEach(() => {
  online = true
  vi.stubGlobal('navigator', {
    get onLine() {
      return online
    },
    serviceWorker: {
      addEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
        (workerListener = listener),
      removeEventListener: () => (workerListener = null),
      startMessages: () => {},
    },
  })
})
afterEach(() => vi.unstubAllGlobals())

function setOnline(value: boolean) {
  online = value
  act(() => void window.dispatchEvent(new Event(value ? 'online' : 'offline')))
}

const fromWorker = (source: 'cache' | 'network') =>
  act(() => workerListener?.(new MessageEvent('message', { data: { type: 'API_SOURCE', source } })))

function Feed({ fetchFeed }: { fetchFeed: () => Promise<string> }) {
  const { data } = useQuery({
    queryKey: ['intentions', 'feed', 'wall'],
    queryFn: fetchFeed,
    retry: false,
  })
  return <p>{data}</p>
}

function renderApp(client = new QueryClient(), fetchFeed = async () => 'Live feed') {
  render(
    <QueryClientProvider client={client}>
      <Feed fetchFeed={fetchFeed} />
      <OfflineIndicator />
    </QueryClientProvider>,
  )
  return client
}

describe('OfflineIndicator', () => {
  // An empty status would stand beside a screen's own (getByRole('status') in its tests).
  it('says nothing while the app is live, from a polite live region that waits for news', async () => {
    renderApp()
    expect(await screen.findByText('Live feed')).toBeVisible()
    expect(screen.queryByRole('status')).toBeNull()
    const region = screen.getByTestId('offline-indicator')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toBeEmptyDOMElement()
  })

  it("says You're offline when the network goes, and clears when it returns", async () => {
    renderApp()
    setOnline(false)
    expect(screen.getByRole('status')).toHaveTextContent("You're offline")
    setOnline(true)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says Showing saved content when a query keeps its saved answer but cannot reach the server', async () => {
    const client = new QueryClient()
    // Restored from the persisted cache, then refreshed against a server that does not answer.
    client.setQueryData(['intentions', 'feed', 'wall'], 'Saved feed', { updatedAt: 1 })
    renderApp(client, () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))))
    expect(await screen.findByText('Showing saved content')).toBeVisible()
    expect(screen.getByText('Saved feed')).toBeVisible()
  })

  it('a server error is not about saved content', async () => {
    const client = new QueryClient()
    client.setQueryData(['intentions', 'feed', 'wall'], 'Saved feed', { updatedAt: 1 })
    const failing = vi.fn(() => Promise.reject(new Error('500')))
    renderApp(client, failing)
    await vi.waitFor(() => expect(failing).toHaveBeenCalled())
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says Showing saved content while the service worker answers from the member’s cache', async () => {
    renderApp()
    await screen.findByText('Live feed')
    fromWorker('cache')
    expect(screen.getByRole('status')).toHaveTextContent('Showing saved content')
    fromWorker('network')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('offline wins over saved content: the member first needs to know the network is gone', async () => {
    renderApp()
    fromWorker('cache')
    setOnline(false)
    expect(screen.getByRole('status')).toHaveTextContent("You're offline")
    // The page keeps one record of the worker's last answer: leave it live for the next test.
    fromWorker('network')
  })
})
