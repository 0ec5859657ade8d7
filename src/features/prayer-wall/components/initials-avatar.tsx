import Avatar from '@mui/material/Avatar'

// Spec 001 §1 builds avatars from the author's name with an external image service; we draw the
// initials locally instead: no name leaves the device and the wall works offline.
const COLOURS = [
  '#1565c0',
  '#2e7d32',
  '#6a1b9a',
  '#ad1457',
  '#00695c',
  '#4e342e',
  '#37474f',
  '#c62828',
]

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words
  return letters.map((word) => [...(word ?? '')][0]?.toUpperCase() ?? '').join('') || '?'
}

function colourOf(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return COLOURS[hash % COLOURS.length] as string
}

/** Decorative: the author's name is always written beside it. */
export function InitialsAvatar({ name }: { name: string }) {
  return (
    <Avatar
      aria-hidden="true"
      sx={{ bgcolor: colourOf(name), color: '#fff', width: 40, height: 40, fontSize: 16 }}
    >
      {initialsOf(name)}
    </Avatar>
  )
}
