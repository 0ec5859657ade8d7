// The create form hands the feed its success through history state, so a reload or a shared
// link never repeats the message (spec 001 §2 "returns to testimonies with the message").
declare module '@tanstack/react-router' {
  interface HistoryState {
    testimonyShared?: boolean
  }
}

export {}
