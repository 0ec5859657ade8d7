// Without zod, so the session check in the page's first load can use it (issue 18).
// Spec 000 §3: booleans from the server are read tolerantly. Case and surrounding spaces are
// forgiven because the values come from other systems' serialisers ("True", " yes").
const TRUE_WORDS = new Set(['true', '1', 't', 'yes', 'y'])

export function toTolerantBoolean(value: unknown): boolean {
  if (value === true || value === 1) return true
  if (typeof value === 'string') return TRUE_WORDS.has(value.trim().toLowerCase())
  return false
}
