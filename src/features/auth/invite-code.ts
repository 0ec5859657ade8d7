// Issue 38: the invite a link opened /login with (`?invite=`), kept for this tab's sign-up or
// social sign-in however many steps they take (history state would not survive the provider's
// round trip). Session storage: it belongs to one tab's sign-up and must not outlive it. Every
// access is guarded: storage throws in some private modes, and losing it only asks for the
// link again.
const KEY = 'prayer.session.invite'

export function readInvite(): string | null {
  try {
    return window.sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function rememberInvite(code: string | null): void {
  try {
    if (code === null) window.sessionStorage.removeItem(KEY)
    else window.sessionStorage.setItem(KEY, code)
  } catch {
    // Not remembered: the sign-up then asks for the link again.
  }
}
