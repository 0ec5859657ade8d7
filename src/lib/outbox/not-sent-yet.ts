/**
 * Why a queued write has not gone yet, in the server's own words (a 429 `write_limited`: the
 * member's hourly limit, issue 37) or the app's ("The server could not be reached"): null
 * until a send was tried. The entry stays queued and is tried again with the backoff.
 */
export function notSentYet(attempts: number, lastError: string | null): string | null {
  return attempts > 0 && lastError ? lastError : null
}
