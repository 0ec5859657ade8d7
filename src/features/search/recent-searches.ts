import { useCallback, useState } from 'react'

// Issue 43: the member's last searches, on this device only (never sent or stored elsewhere),
// kept apart per member and cleared from the search page.
const KEPT = 8

function read(key: string): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? '[]')
    return Array.isArray(saved) ? saved.filter((item) => typeof item === 'string') : []
  } catch {
    return []
  }
}

function write(key: string, searches: string[]) {
  try {
    if (searches.length === 0) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify(searches))
  } catch {
    // Storage full or refused: the list is a convenience.
  }
}

export function useRecentSearches(memberId: string | null) {
  const key = `search.recent.${memberId ?? 'nobody'}`
  const [searches, setSearches] = useState(() => read(key))
  const remember = useCallback(
    (search: string) => {
      const text = search.trim()
      if (!text) return
      const next = [text, ...read(key).filter((item) => item !== text)].slice(0, KEPT)
      write(key, next)
      setSearches(next)
    },
    [key],
  )
  const clear = useCallback(() => {
    write(key, [])
    setSearches([])
  }, [key])
  return { searches, remember, clear }
}
