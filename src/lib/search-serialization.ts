// Plain query strings, read and written as text. The router's default JSON encoding turns
// `?verified=0` into a number and writes a text "0" back as `?verified=%220%22`; our search
// values are all flat text (tokens, ids, tab names, a next path) and mail links and the
// server's redirects must round-trip unchanged.

export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr))
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
