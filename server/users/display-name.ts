// Public display names (spec 000 §1): they protect the member's real identity, so they are drawn
// from fixed word lists and never built from the member's name. A name reads as a gentle
// pseudonym: a virtue or nature word, a noun from creation or a biblical place, and a short
// number ("Gentle Olive 42"). Uniqueness is the caller's: the repository inserts and, on a
// unique-constraint clash, takes the next candidate.

// prettier-ignore
const ADJECTIVES = [
  'Gentle', 'Faithful', 'Hopeful', 'Joyful', 'Patient', 'Humble', 'Kind', 'Peaceful',
  'Steadfast', 'Gracious', 'Bright', 'Quiet', 'Radiant', 'Merciful', 'Tender', 'Cheerful',
  'Trusting', 'Loyal', 'Serene', 'Still', 'Calm', 'Brave', 'Caring', 'Devoted', 'Earnest',
  'Generous', 'Honest', 'Loving', 'Mindful', 'Sincere', 'Thankful', 'Warm', 'Wise', 'Golden',
  'Silver', 'Morning', 'Evening', 'Sunlit', 'Blessed', 'Watchful',
] as const

// Creation and biblical places: no word here is a common given name, so a display name does
// not read as somebody's real one.
// prettier-ignore
const NEUTRAL_NOUNS = [
  'Olive', 'Cedar', 'Dove', 'Lamb', 'Vine', 'Sparrow', 'River', 'Meadow', 'Harbor', 'Lantern',
  'Candle', 'Fig', 'Palm', 'Hyssop', 'Bethel', 'Carmel', 'Hermon', 'Galilee', 'Shiloh', 'Cana',
  'Emmaus', 'Zion', 'Gilead', 'Hebron', 'Acacia', 'Almond', 'Sycamore', 'Wheat', 'Ember',
  'Beacon', 'Haven', 'Psalm', 'Hymn', 'Anchor', 'Dawn', 'Brook', 'Spring', 'Valley', 'Shore',
] as const

// Gender may shape the name (issue 3), only by adding nouns that read naturally for it; the
// neutral list stays in the draw so no name gives the gender away.
const FEMININE_NOUNS = ['Lily', 'Myrtle', 'Pearl', 'Lark', 'Blossom', 'Orchid', 'Magnolia'] as const
const MASCULINE_NOUNS = ['Oak', 'Pine', 'Lion', 'Falcon', 'Stone', 'Summit', 'Mountain'] as const

// Longest adjective + longest noun + a 4-digit number, with two spaces.
export const DISPLAY_NAME_MAX_LENGTH = 32

export interface DisplayNameOptions {
  /** Uniform in [0, 1), like Math.random; injected so tests are deterministic. */
  random: () => number
  /** 'male' and 'female' shape the noun list; anything else keeps it neutral. */
  gender?: string | null
  /** The member's real names: no candidate contains, or is contained in, any of their words. */
  avoid?: readonly string[]
}

function nameTokens(names: readonly string[]): string[] {
  return names
    .flatMap((name) => name.toLowerCase().split(/[^\p{L}]+/u))
    .filter((token) => token.length > 0)
}

// A word is unusable when it equals a name token, or when one contains the other and the
// shorter has 3+ letters ("Olivia" and "Olive" stay apart; "Oakley" rules out "Oak").
function reveals(word: string, tokens: readonly string[]): boolean {
  const lower = word.toLowerCase()
  return tokens.some((token) => {
    if (token === lower) return true
    const shorter = Math.min(token.length, lower.length)
    return shorter >= 3 && (token.includes(lower) || lower.includes(token))
  })
}

function pick<T>(list: readonly T[], random: () => number): T {
  const index = Math.min(list.length - 1, Math.floor(random() * list.length))
  return list[index] as T
}

// Collisions grow likelier as the community grows, so later candidates draw wider numbers.
function numberCeiling(attempt: number): number {
  if (attempt < 3) return 99
  return attempt < 10 ? 999 : 9999
}

export function* displayNameCandidates(options: DisplayNameOptions): Generator<string, never> {
  const tokens = nameTokens(options.avoid ?? [])
  const gendered =
    options.gender === 'female' ? FEMININE_NOUNS : options.gender === 'male' ? MASCULINE_NOUNS : []
  const adjectives = ADJECTIVES.filter((word) => !reveals(word, tokens))
  const nouns = [...NEUTRAL_NOUNS, ...gendered].filter((word) => !reveals(word, tokens))
  if (adjectives.length === 0 || nouns.length === 0) {
    throw new Error('Every display-name word is ruled out by the names to avoid')
  }
  for (let attempt = 0; ; attempt++) {
    const ceiling = numberCeiling(attempt)
    const number = Math.min(ceiling, 1 + Math.floor(options.random() * ceiling))
    yield `${pick(adjectives, options.random)} ${pick(nouns, options.random)} ${number}`
  }
}

export function generateDisplayName(options: DisplayNameOptions): string {
  return displayNameCandidates(options).next().value
}
