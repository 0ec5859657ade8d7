// Which requests the service worker may answer from a member's cache when the network fails
// (DESIGN §6): the reads a member browses (feeds, details, comments, reactors, testimonies, the
// notifications list, their groups, tags). Everything else goes to the network untouched:
// writes, the session and profile (who is signed in must come from the server), /auth, the hub,
// the dev mailbox and the push-subscription calls.

const CACHED_READS: readonly RegExp[] = [
  // Feeds, a prayer's details, its comments and who reacted to it or to its comments.
  /^\/api\/v1\/intentions(?:\/[^/]+(?:\/(?:comments|reactions)(?:\/[^/]+\/reactions)?)?)?\/?$/,
  // The testimonies feed, a testimony and who said Amen.
  /^\/api\/v1\/testimonies(?:\/[^/]+(?:\/(?:reactions|reactors))?)?\/?$/,
  /^\/api\/notifications\/?$/,
  /^\/api\/v1\/groups\/(?:mine|[^/]+\/members)\/?$/,
  /^\/api\/v1\/tags\/?$/,
]

/** The path names an API read worth keeping for offline use; GET from the app's origin only. */
export function isCachedApiRead(request: { method: string; url: string }, origin: string): boolean {
  if (request.method !== 'GET') return false
  const url = new URL(request.url)
  return url.origin === origin && CACHED_READS.some((pattern) => pattern.test(url.pathname))
}

/** Images and fonts the precache does not hold: kept cache-first (DESIGN §6 avatars and fonts). */
export function isStaticMedia(destination: string): boolean {
  return destination === 'image' || destination === 'font'
}
