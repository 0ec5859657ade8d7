import { WALL_TIMINGS } from '@contract/intentions'
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useMediaQuery } from '@/lib/use-media-query'
import { Button } from '@/ui/button'
import { Text } from '@/ui/text'
import type { Phase } from './timed-prayer-dialog'
import styles from './timed-prayer-button.module.css'
import { markPrayerHintSeen } from './prayer-hint-seen'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

// Spec 001 §4 "Timed prayer button": idle -> praying (a countdown with a 60-tick ring in a modal)
// -> complete ("I prayed ✓", "Recorded. Closing…", closes after 1 s). Clicking outside or Escape
// before the end cancels. A 0.3 s scroll delay precedes the start; onStart runs first,
// onComplete at the end. Screen-reader mode (reduced motion, or asked for) has no modal: the
// button itself counts down and cancels, and a polite live region announces the seconds.

export const PRAY_NOW: MessageId = 'Pray now'
export const I_PRAYED: MessageId = 'I Prayed'
// Spec 001 §2's hint, shown once (issue 47: under the first "Pray now" until the member has started
// a timed prayer) and otherwise each button's description and tooltip.
export const PRAY_HINT: MessageId = 'Pray now starts a timed prayer; tap outside to cancel.'
export const PRAYED_HINT: MessageId = 'Prayed today (card hint)'

const TICKS = WALL_TIMINGS.prayerProgressTicks

// The modal is code a card needs only once a prayer starts (issue 18): fetched at the first
// press, during the scroll delay before the countdown, and kept from then on.
const loadDialog = () => import('./timed-prayer-dialog')
const TimedPrayerDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.TimedPrayerDialog })),
)

type TimedPrayerButtonProps = {
  prayed: boolean
  disabled?: boolean
  onStart?: () => void
  onComplete: () => void
  seconds?: number
  /** Forces the modal-free countdown; it is also used when the system asks for reduced motion. */
  screenReaderMode?: boolean
  /** Names what is prayed for, for assistive technology ("Pray now for …"). */
  subject?: string
  /** Set when the caller shows the hint itself (a card puts it under its whole action row). */
  hintId?: string
  /** Whether the hint is shown as a line; otherwise it describes the button and is its tooltip. */
  hintShown?: boolean
  startIcon?: ReactNode
}

export function TimedPrayerButton({
  prayed,
  disabled = false,
  onStart,
  onComplete,
  seconds = WALL_TIMINGS.prayerSeconds,
  screenReaderMode,
  subject,
  hintId: externalHintId,
  hintShown = true,
  startIcon,
}: TimedPrayerButtonProps) {
  const t = useT()
  const prefersReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const simple = screenReaderMode ?? prefersReducedMotion
  const [phase, setPhase] = useState<Phase>('idle')
  const [tick, setTick] = useState(0)
  const timers = useRef<number[]>([])
  const buttonRef = useRef<HTMLButtonElement>(null)
  const ownHintId = useId()
  const hintId = externalHintId ?? ownHintId
  const [dialogWanted, setDialogWanted] = useState(false)

  const clearTimers = () => {
    for (const timer of timers.current) window.clearTimeout(timer)
    timers.current = []
  }
  useEffect(() => clearTimers, [])

  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms))
  }

  const runTick = (next: number) => {
    setTick(next)
    if (next < TICKS) {
      later((seconds * 1000) / TICKS, () => runTick(next + 1))
      return
    }
    setPhase('complete')
    onComplete()
    later(WALL_TIMINGS.prayerCompleteCloseMs, () => setPhase('idle'))
  }

  const start = () => {
    markPrayerHintSeen()
    if (!simple) {
      void loadDialog()
      setDialogWanted(true)
    }
    setPhase('starting')
    buttonRef.current?.scrollIntoView?.({ block: 'center', behavior: simple ? 'auto' : 'smooth' })
    later(WALL_TIMINGS.prayerScrollDelayMs, () => {
      onStart?.()
      setPhase('praying')
      runTick(0)
    })
  }

  const cancel = () => {
    if (phase === 'complete') return
    clearTimers()
    setPhase('idle')
    setTick(0)
  }

  const secondsLeft = Math.ceil(((TICKS - tick) / TICKS) * seconds)
  const busy = phase === 'starting' || phase === 'praying'
  const label =
    busy && simple
      ? t('Cancel prayer ({seconds})', { seconds: secondsLeft })
      : t(prayed ? I_PRAYED : PRAY_NOW)
  const ariaLabel =
    subject && !busy
      ? t(prayed ? 'I Prayed for {subject}' : 'Pray now for {subject}', { subject })
      : undefined

  return (
    <div>
      <Button
        ref={buttonRef}
        variant={prayed ? 'contained' : 'outlined'}
        disabled={disabled || (prayed && !busy) || (busy && !simple)}
        onClick={busy ? cancel : start}
        aria-describedby={hintId}
        aria-label={ariaLabel}
        title={hintShown || prayed ? undefined : t(PRAY_HINT)}
        startIcon={startIcon}
        className={styles.pray}
      >
        {label}
      </Button>
      {!externalHintId && <PrayerHint id={hintId} prayed={prayed} shown={hintShown} />}
      {simple && (
        <span role="status" aria-live="polite" className={styles.visuallyHidden}>
          {phase === 'praying'
            ? t('Praying, seconds left', { count: secondsLeft })
            : phase === 'complete'
              ? t('I prayed ✓ Recorded.')
              : ''}
        </span>
      )}
      {!simple && dialogWanted && (
        <Suspense fallback={null}>
          <TimedPrayerDialog
            phase={phase}
            tick={tick}
            secondsLeft={secondsLeft}
            onCancel={cancel}
          />
        </Suspense>
      )}
    </div>
  )
}

/**
 * The hint under a "Pray now", or "Prayed today" once prayed (spec 001 §2). Not shown, it stays in
 * the page, hidden, as the button's description for screen readers.
 */
export function PrayerHint({ id, prayed, shown }: { id: string; prayed: boolean; shown: boolean }) {
  const t = useT()
  return (
    <Text id={id} variant="caption" secondary as="p" hidden={!prayed && !shown}>
      {t(prayed ? PRAYED_HINT : PRAY_HINT)}
    </Text>
  )
}
