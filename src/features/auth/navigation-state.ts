// What the sign-in steps hand each other through history state (spec 000 §2: "the email and
// next target arrive in navigation state"). History state survives a reload of the same entry,
// never leaves the browser and never shows in the address bar, unlike a query string.
declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The address typed on an earlier step, so nothing typed is lost. */
    email?: string
    /** Where the sign-in should land (a local path). */
    next?: string
    /** Set by sign-up: the result page shows "check your email" (spec 000 §2). */
    verifyRequired?: boolean
    /** A one-line message for the next page (a password reset done, an account to link). */
    notice?: string
    noticeTone?: 'success' | 'info'
  }
}

export {}
