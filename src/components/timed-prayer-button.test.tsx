import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PRAY_HINT, TimedPrayerButton } from './timed-prayer-button'
import { usePrayerHintSeen } from './prayer-hint-seen'

// Spec 001 §4, §9: 0.3 s scroll delay, a 5 s countdown in 60 ticks, "I prayed ✓" and
// "Recorded. Closing…" for 1 s; outside click or Escape cancels.

// The modal's code loads at the first press (issue 18); loaded here first, it arrives within
// the scroll delay, as it does from the service worker's cache.
beforeAll(() => import('./timed-prayer-dialog'))
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

function renderButton(props: { prayed?: boolean; screenReaderMode?: boolean } = {}) {
  const calls: string[] = []
  const view = render(
    <TimedPrayerButton
      prayed={props.prayed ?? false}
      screenReaderMode={props.screenReaderMode}
      onStart={() => calls.push('start')}
      onComplete={() => calls.push('complete')}
    />,
  )
  return { ...view, calls }
}

describe('the timed prayer button', () => {
  it('starts after the scroll delay, counts down, records, then closes after a second', async () => {
    const { calls } = renderButton()
    const button = screen.getByRole('button', { name: 'Pray now' })
    expect(button).toHaveAccessibleDescription(PRAY_HINT)
    fireEvent.click(button)
    await advance(299)
    expect(calls).toEqual([])
    expect(screen.queryByRole('dialog')).toBeNull()
    await advance(1)
    expect(calls).toEqual(['start'])
    const dialog = screen.getByRole('dialog', { name: 'Take a moment to pray' })
    expect(within(dialog).getByLabelText('5 seconds left')).toBeVisible()
    await advance(2500)
    expect(within(dialog).getByLabelText('3 seconds left')).toBeVisible()
    expect(calls).toEqual(['start'])
    await advance(2500)
    expect(calls).toEqual(['start', 'complete'])
    expect(screen.getByRole('dialog', { name: 'I prayed ✓' })).toBeVisible()
    expect(screen.getByText('Recorded. Closing…')).toBeVisible()
    await advance(1000)
    // MUI's exit transition runs on timers too.
    await advance(500)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Escape before the end cancels: nothing is recorded', async () => {
    const { calls } = renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Pray now' }))
    await advance(300 + 2000)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    await advance(10_000)
    expect(calls).toEqual(['start'])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Pray now' })).toBeEnabled()
  })

  it('a click outside the popup cancels: nothing is recorded', async () => {
    const { calls } = renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Pray now' }))
    await advance(300 + 1000)
    const backdrop = document.querySelector('.MuiBackdrop-root')
    expect(backdrop).not.toBeNull()
    fireEvent.mouseDown(backdrop as Element)
    fireEvent.click(backdrop as Element)
    await advance(10_000)
    expect(calls).toEqual(['start'])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('after praying it reads "I Prayed" with the hint "Prayed today" and cannot start again', () => {
    renderButton({ prayed: true })
    const button = screen.getByRole('button', { name: 'I Prayed' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('Prayed today')
  })

  it('in screen-reader mode counts down on the button, announces politely, and cancels', async () => {
    const { calls } = renderButton({ screenReaderMode: true })
    fireEvent.click(screen.getByRole('button', { name: 'Pray now' }))
    await advance(300)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('Praying. 5 seconds left.')
    await advance(4000)
    expect(screen.getByRole('status')).toHaveTextContent('Praying. 1 second left.')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel prayer (1)' }))
    await advance(5000)
    expect(calls).toEqual(['start'])

    fireEvent.click(screen.getByRole('button', { name: 'Pray now' }))
    await advance(300 + 5000)
    expect(calls).toEqual(['start', 'start', 'complete'])
    expect(screen.getByRole('status')).toHaveTextContent('I prayed ✓ Recorded.')
  })

  it('not shown, the hint still describes the button and is its tooltip; a start marks it seen', () => {
    window.localStorage.removeItem('prayer-hint-seen')
    function Seen() {
      return <output aria-label="seen">{String(usePrayerHintSeen())}</output>
    }
    render(
      <>
        <TimedPrayerButton prayed={false} hintShown={false} onComplete={() => {}} />
        <Seen />
      </>,
    )
    const button = screen.getByRole('button', { name: 'Pray now' })
    expect(button).toHaveAccessibleDescription(PRAY_HINT)
    expect(button).toHaveAttribute('title', PRAY_HINT)
    expect(screen.queryByText(PRAY_HINT)).not.toBeVisible()
    expect(screen.getByLabelText('seen')).toHaveTextContent('false')
    fireEvent.click(button)
    expect(screen.getByLabelText('seen')).toHaveTextContent('true')
  })
})
