import type { Notification } from './notifications'

// Issue 47: which message words a folded entry, for the panel (the app's catalogues) and Web Push
// (the server's): each side holds these ids in its own catalogue, in every language, with ICU
// plurals. A fold of one act, or of one member's acts, keeps the spec's wording of a single
// notification (spec 000 §9), so this answers null for it.

type Folded = Pick<Notification, 'fold'> & { type: string }

const ACTS = {
  PrayerReaction: ['Folded prayers (named)', 'Folded prayers (people)'],
  PrayerAmenReaction: ['Folded amens (named)', 'Folded amens (people)'],
  PrayerCandleReaction: ['Folded candles (named)', 'Folded candles (people)'],
  CommentReaction: ['Folded comment reactions (named)', 'Folded comment reactions (people)'],
  CommentAmenReaction: ['Folded comment amens (named)', 'Folded comment amens (people)'],
  TestimonyAmenReaction: ['Folded testimony amens (named)', 'Folded testimony amens (people)'],
} as const

type Acts = (typeof ACTS)[keyof typeof ACTS]

export type FoldLine =
  | { id: 'Folded comments'; values: { count: number } }
  | { id: Acts[0]; values: { name: string; others: number } }
  | { id: Acts[1]; values: { people: number } }

/**
 * The first line of a folded entry: "Patient Almond 99 and 3 others prayed for your intention"
 * (the newest named member and how many more), "4 people prayed …" when none may be named, "4
 * new comments on your intention". The second line is the notification's message.
 */
export function foldLine({ type, fold }: Folded): FoldLine | null {
  if (!fold) return null
  if (type === 'IntentionComment')
    return fold.count > 1 ? { id: 'Folded comments', values: { count: fold.count } } : null
  const acts = ACTS[type as keyof typeof ACTS] as Acts | undefined
  if (!acts || fold.people < 2) return null
  const [name] = fold.names
  return name
    ? { id: acts[0], values: { name, others: fold.people - 1 } }
    : { id: acts[1], values: { people: fold.people } }
}
