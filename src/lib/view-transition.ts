import { flushSync } from 'react-dom'

// The name the element being opened takes for the length of one transition: a view transition
// name must be unique on the page, so it is set on one element at a time and taken off after.
const NAME = 'opened-item'

/**
 * Runs a React state change inside a View Transition (issue 47): `element` (a card) morphs from
 * its old box to its new one, the rest of the page cross-fades. Where the browser has no View
 * Transitions API, or the member prefers reduced motion, the change simply happens.
 */
export function withViewTransition(element: HTMLElement | null, update: () => void): void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  if (!element || reduced || typeof document.startViewTransition !== 'function') {
    update()
    return
  }
  element.style.viewTransitionName = NAME
  const transition = document.startViewTransition(() => flushSync(update))
  void transition.finished.finally(() => {
    element.style.viewTransitionName = ''
  })
}
