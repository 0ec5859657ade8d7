import { useCallback, useSyncExternalStore } from 'react'

// One list per query for the page's life: every card's prayer button asks for the same one, and
// `matchMedia` builds a new list at each call, twice per render (issue 18's wall profile).
const lists = new Map<string, MediaQueryList>()

function matchMediaOf(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null
  let list = lists.get(query)
  if (!list) {
    list = window.matchMedia(query)
    lists.set(query, list)
  }
  return list
}

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
