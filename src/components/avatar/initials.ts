// Initials come from the words of a display name alone. "(You)" and "(OP)" are marks the app
// writes after a name, and digits, emoji and punctuation are not letters of one, so
// "Thankful Carmel 90 (You)" reads "TC", never "T(".
const APP_MARKS = /\([^)]*\)/gu
const NAME_WORD = /\p{L}[\p{L}\p{M}'’-]*/gu

export function initialsOf(displayName: string): string {
  const words = displayName.replace(APP_MARKS, ' ').match(NAME_WORD) ?? []
  const picked = words.length > 1 ? [words[0], words.at(-1)] : words
  return picked.map((word) => [...(word ?? '')][0]?.toLocaleUpperCase() ?? '').join('') || '?'
}
