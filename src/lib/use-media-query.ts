import { useCallback, useSyncExternalStore } from 'react'

const matchMediaOf = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null

/**
 * Whether a CSS media query matches, kept current. Read on the first render in the browser (what
 * MUI's useMediaQuery calls `noSsr`); false where there is no matchMedia (the landing's
 * pre-render). MUI's hook needs its theme and styling system, which the first screen does
 * without (ADR 0025).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = matchMediaOf(query)
      list?.addEventListener('change', notify)
      return () => list?.removeEventListener('change', notify)
    },
    [query],
  )
  const read = () => matchMediaOf(query)?.matches ?? false
  return useSyncExternalStore(subscribe, read, read)
}
