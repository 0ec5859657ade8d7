// Where a member's query cache is persisted (DESIGN §6): one local-storage entry per member, so
// a key never serves another member's answers, and all of them go together at sign-out.
const KEY_PREFIX = 'prayer.query-cache.'

export const persistedQueriesKey = (userId: string) => `${KEY_PREFIX}${userId}`

/** Removes every member's persisted queries, including any left by an interrupted sign-out. */
export function removePersistedQueries(): void {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(KEY_PREFIX))
    for (const key of keys) window.localStorage.removeItem(key)
  } catch {
    // Storage unavailable: nothing was persisted either.
  }
}

/**
 * Local storage that can be cut off. The persister writes at most once a second, so a write
 * queued just before a sign-out would otherwise put the member's answers back after removal.
 */
export function revocableStorage() {
  let revoked = false
  const guarded = <T>(action: () => T, fallback: T): T => {
    try {
      return action()
    } catch {
      return fallback
    }
  }
  return {
    storage: {
      getItem: (key: string) => guarded(() => window.localStorage.getItem(key), null),
      setItem: (key: string, value: string) => {
        // A full storage throws through so the persister can drop its oldest query and retry.
        if (!revoked) window.localStorage.setItem(key, value)
      },
      removeItem: (key: string) => guarded(() => window.localStorage.removeItem(key), undefined),
    },
    revoke: () => {
      revoked = true
    },
  }
}
