import { LANGUAGES, type Language } from './languages'

// Issue 42: which of the app's languages a list of wanted tags reads, for the page (the
// browser's `navigator.languages`) and the server (a request's Accept-Language) alike.

/**
 * The first of `tags` (most wanted first) that the app speaks: an exact tag first, else the same
 * language in another region (`es-MX` reads `es`, `pt-PT` reads `pt-BR`, the one Portuguese
 * there is). Null when none is spoken.
 */
export function matchLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const base = tag.split('-')[0]!.toLowerCase()
    const sameLanguage = LANGUAGES.find((language) => language.split('-')[0] === base)
    if (sameLanguage) return sameLanguage
  }
  return null
}

/**
 * An Accept-Language header's tags, most wanted first (RFC 9110 §12.5.4: by `q`, then in the
 * order written); `*` and a refused tag (`q=0`) are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';')
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order }
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag)
}
