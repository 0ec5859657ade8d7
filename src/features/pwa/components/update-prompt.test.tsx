import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { createServiceWorkerUpdates, type WorkboxPort } from '../service-worker-updates'
import { UpdatePrompt } from './update-prompt'

// Stands in for workbox-window: the test plays the browser's part by emitting its events.
function fakeWorkbox() {
  const handlers = new Map<string, Array<() => void>>()
  const port: WorkboxPort = {
    addEventListener: (type, listener) => handlers.set(type, [...(handlers.get(type) ?? []), listener]),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(() => Promise.resolve(undefined)),
  }
  const emit = (type: 'waiting' | 'controlling') => act(() => handlers.get(type)?.forEach((h) => h()))
  return { port, emit }
}

function setup() {
  const workbox = fakeWorkbox()
  const reload = vi.fn()
  const updates = createServiceWorkerUpdates({ createWorkbox: () => workbox.port, reload })
  render(<UpdatePrompt updates={updates} />)
  return { ...workbox, reload, user: userEvent.setup() }
}

function DirtyForm({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty)
  return null
}

describe('UpdatePrompt', () => {
  it('registers the service worker and stays silent until a new version waits', async () => {
    const { port, emit } = setup()
    expect(port.register).toHaveBeenCalledOnce()
    expect(screen.queryByText('A new version is available.')).toBeNull()

    emit('waiting')
    expect(await screen.findByRole('status')).toHaveTextContent('A new version is available.')
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Later' })).toBeEnabled()
  })

  it('Refresh activates the new version and reloads only once it controls the page', async () => {
    const { port, emit, reload, user } = setup()
    emit('waiting')
    await user.click(await screen.findByRole('button', { name: 'Refresh' }))

    expect(port.messageSkipWaiting).toHaveBeenCalledOnce()
    expect(reload).not.toHaveBeenCalled()
    emit('controlling')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('Later hides the prompt and keeps the running version', async () => {
    const { port, emit, reload, user } = setup()
    emit('waiting')
    await user.click(await screen.findByRole('button', { name: 'Later' }))

    await vi.waitFor(() => expect(screen.queryByText('A new version is available.')).toBeNull())
    expect(port.messageSkipWaiting).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('waits while a form holds unsaved input, then lets the member refresh', async () => {
    const { port, emit, user } = setup()
    const form = render(<DirtyForm dirty />)
    emit('waiting')

    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new version is available. Finish or save what you are writing, then refresh.',
    )
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled()

    form.rerender(<DirtyForm dirty={false} />)
    expect(screen.getByRole('status')).not.toHaveTextContent('Finish or save')
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(port.messageSkipWaiting).toHaveBeenCalledOnce()
  })

  it('reloads at once when the update was already accepted in another tab', async () => {
    const { port, emit, reload, user } = setup()
    emit('waiting')
    emit('controlling')
    expect(reload).not.toHaveBeenCalled()

    await user.click(await screen.findByRole('button', { name: 'Refresh' }))
    expect(reload).toHaveBeenCalledOnce()
    expect(port.messageSkipWaiting).not.toHaveBeenCalled()
  })
})
