import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity'
import { joinSpacedLetters } from './phrase-matcher'

// obscenity's English set, minus words a member may need to name suffering, illness or
// scripture plainly: "pray for victims of sex trafficking", "my porn addiction", "infertility
// and a low semen count", "I was raped". Abuse using them is left to reports and moderators.
const CLINICAL_WORDS = new Set([
  'rape',
  'incest',
  'sex',
  'porn',
  'penis',
  'vagina',
  'anus',
  'semen',
  'ejaculate',
  'masturbate',
  'orgasm',
  'hooker',
  'scat',
])

// Innocent words and scripture the English set would otherwise catch: "cock crow" (Matthew
// 26:34), "shittim wood" (Exodus 25), "Balaam's ass" (Numbers 22), "trafficking" (read as
// a variant of a swear word), "cumin" (Matthew 23:23).
export const DEFAULT_ALLOWED_TERMS: readonly string[] = [
  'cock crow',
  'cock crew',
  'cockcrow',
  'shittim',
  "balaam's ass",
  "ass's colt",
  'trafficking',
  'trafficked',
  'cumin',
  'cum laude',
  'tit for tat',
  'pussy willow',
  'pussycat',
]

const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => CLINICAL_WORDS.has(phrase.metadata?.originalWord ?? ''))
const built = dataset.build()

export interface ProfanityMatcher {
  hasProfanity(text: string): boolean
}

// Allowed terms are obscenity whitelist entries: a match inside one of them does not count.
// obscenity folds leetspeak, confusable letters and stretched letters itself; spaced-out
// letters are joined first because it does not.
export function createProfanityMatcher(allowedTerms: readonly string[]): ProfanityMatcher {
  const matcher = new RegExpMatcher({
    ...built,
    whitelistedTerms: [
      ...(built.whitelistedTerms ?? []),
      ...allowedTerms.map((term) => term.toLowerCase()),
    ],
    ...englishRecommendedTransformers,
  })
  return {
    hasProfanity(text) {
      if (matcher.hasMatch(text)) return true
      const joined = joinSpacedLetters(text)
      return joined !== text && matcher.hasMatch(joined)
    },
  }
}
