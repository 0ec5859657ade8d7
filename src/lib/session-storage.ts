// Spec 000 §3/§9: the browser's session storage keeps a cached profile, an authenticated flag and a
// return path. Session storage (not local storage) because all three belong to one tab's sign-in
// and must not outlive it. Every access is guarded: storage throws in some private modes and
// when full, and losing a hint must never break a page.
const PREFIX = 'prayer.session.'
const KEYS = {
  profile: `${PREFIX}profile`,
  authenticated: `${PREFIX}authenticated`,
  returnPath: `${PREFIX}returnPath`,
  callbackStates: `${PREFIX}callbackStates`,
} as const

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key)
    else window.sessionStorage.setItem(key, value)
  } catch {
    // A hint that cannot be stored is simply not remembered.
  }
}

function readJson(key: string): unknown {
  const text = read(key)
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

export function readAuthenticatedFlag(): boolean {
  return read(KEYS.authenticated) === 'true'
}

export function writeAuthenticatedFlag(authenticated: boolean): void {
  write(KEYS.authenticated, authenticated ? 'true' : null)
}

/** The last profile read from the server, as stored (callers validate it). */
export function readCachedProfile(): unknown {
  return readJson(KEYS.profile)
}

export function writeCachedProfile(profile: unknown): void {
  write(KEYS.profile, profile === null ? null : JSON.stringify(profile))
}

// The return path is where a sign-in should land: a protected page the visitor wanted, or the
// page a forced logout interrupted (spec 000 §4). Readers pass it through contract safeNextPath
// before navigating: it is only a hint.
export function readReturnPath(): string | null {
  return read(KEYS.returnPath)
}

export function writeReturnPath(path: string | null): void {
  write(KEYS.returnPath, path)
}

// Spec 000 §2: the social callback is relayed once per state value, even across a reload or
// React StrictMode's second effect. The outcome is kept so a reload can finish the navigation.
export type CallbackOutcome =
  { status: 'pending' } | { status: 'done'; next: string } | { status: 'failed' }

function callbackStates(): Record<string, CallbackOutcome> {
  const stored = readJson(KEYS.callbackStates)
  return stored !== null && typeof stored === 'object'
    ? (stored as Record<string, CallbackOutcome>)
    : {}
}

export function readCallbackOutcome(state: string): CallbackOutcome | null {
  return callbackStates()[state] ?? null
}

export function writeCallbackOutcome(state: string, outcome: CallbackOutcome): void {
  // A handful of entries at most: only the newest few states are worth remembering.
  const entries = Object.entries(callbackStates())
    .filter(([key]) => key !== state)
    .slice(-9)
  write(KEYS.callbackStates, JSON.stringify(Object.fromEntries([...entries, [state, outcome]])))
}

/** Forgets everything one user's sign-in left in this tab (sign-out, forced logout). */
export function clearSessionHints(): void {
  write(KEYS.authenticated, null)
  write(KEYS.profile, null)
}
