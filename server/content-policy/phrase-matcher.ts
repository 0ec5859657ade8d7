// Whole-word phrase matching for the community's blocklist, allowlist and crisis phrases:
// case- and accent-insensitive, with leetspeak folded ("su1c1de"), letters stretched
// ("kiiiill") and letters spaced out ("k i l l", "s.u.i.c.i.d.e").

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  '+': 't',
}

// Three or more single characters separated by spaces, dots, dashes or underscores are one word
// spelt out ("f.u.c.k.", "s h i t"); two ("plan B", "a b") are left alone.
const SPACED_LETTERS = /(?<![^\s])(?:[^\s._-][\s._-]+){2,}[^\s._-](?=[\s.,!?;:)]|$)/gu

export function joinSpacedLetters(text: string): string {
  return text.replace(SPACED_LETTERS, (run) => run.replace(/[\s._-]/g, ''))
}

function fold(text: string, leet: boolean): string {
  let folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’`]/g, '')
  if (leet) folded = folded.replace(/[0134578@$!|+]/g, (char) => LEET[char] ?? char)
  return ` ${folded.replace(/[^a-z0-9]+/g, ' ').trim()} `
}

// A text is checked in up to four forms: plain or leet-folded, with or without spaced letters
// joined. Plain matters because "help!" must stay "help", not become "helpi".
export function foldVariants(text: string): string[] {
  const joined = joinSpacedLetters(text)
  const sources = joined === text ? [text] : [text, joined]
  return [...new Set(sources.flatMap((source) => [fold(source, false), fold(source, true)]))]
}

// Each letter of a phrase may be stretched ("die" matches "diiiie") but never dropped, so
// "ass" does not match "as".
function phrasePattern(phrase: string): RegExp | null {
  const words = fold(phrase, false).trim()
  if (words === '') return null
  const body = [...words].map((char) => (char === ' ' ? ' ' : `${char}+`)).join('')
  return new RegExp(`(?<= )${body}(?= )`, 'g')
}

export interface PhraseMatcher {
  // True when any phrase occurs as whole words in any folded form of the text.
  matches(text: string, options?: { ignore?: PhraseMatcher }): boolean
  // The folded forms with every occurrence of this matcher's phrases blanked out.
  blank(variants: string[]): string[]
  readonly size: number
}

export function createPhraseMatcher(phrases: readonly string[]): PhraseMatcher {
  const patterns = phrases.map(phrasePattern).filter((pattern) => pattern !== null)
  const blank = (variants: string[]) =>
    variants.map((variant) =>
      patterns.reduce(
        (text, pattern) => text.replace(pattern, (match) => ' '.repeat(match.length)),
        variant,
      ),
    )
  return {
    size: patterns.length,
    blank,
    matches(text, options) {
      if (patterns.length === 0) return false
      const variants = foldVariants(text)
      const searched = options?.ignore ? options.ignore.blank(variants) : variants
      return searched.some((variant) =>
        patterns.some((pattern) => {
          pattern.lastIndex = 0
          return pattern.test(variant)
        }),
      )
    },
  }
}
