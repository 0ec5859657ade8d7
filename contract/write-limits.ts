// Issue 37: how many posts one member may create in a rolling hour (docs/content-policy.md).
// Generous on purpose: a member praying through a long list, or an outbox drained after days
// offline, stays under them; a script posting as one account does not. The server counts
// every created post (a later delete gives nothing back), replays of one Idempotency-Key once.
export const WRITE_LIMIT_WINDOW_MS = 60 * 60 * 1000

export const WRITE_LIMITS = {
  intention: 30,
  comment: 200,
  testimony: 10,
} as const
export type WriteLimitKind = keyof typeof WRITE_LIMITS

// The `detail` of the 429 (`title` `write_limited`); the answer's Retry-After says when the
// oldest counted post leaves the hour. Whole sentences, one per kind (STYLE.md: no pieces).
export const WRITE_LIMIT_MESSAGES: Record<WriteLimitKind, string> = {
  intention: `You have shared ${WRITE_LIMITS.intention} prayer requests in the past hour, the most one member may. Please wait a little before sharing another.`,
  comment: `You have posted ${WRITE_LIMITS.comment} comments in the past hour, the most one member may. Please wait a little before posting another.`,
  testimony: `You have shared ${WRITE_LIMITS.testimony} testimonies in the past hour, the most one member may. Please wait a little before sharing another.`,
}
