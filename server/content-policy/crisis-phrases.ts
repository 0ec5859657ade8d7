// Phrases that suggest a member may be at risk of self-harm or suicide (DESIGN §4). A match
// never rejects a write: it adds a support block to the answer. A false positive costs a kind
// message; a miss may cost far more, so the list leans wide ("suicide" also matches a prayer
// for a family after a suicide, and that family is well served by the resources too).
// Matching folds case, accents, leetspeak, stretched and spaced letters (phrase-matcher.ts),
// and apostrophes are dropped, so "dont" covers "don't". Communities extend it through
// config; see docs/content-policy.md.
export const DEFAULT_CRISIS_PHRASES: readonly string[] = [
  'suicide',
  'suicidal',
  'kill myself',
  'killing myself',
  'end my life',
  'ending my life',
  'end it all',
  'take my own life',
  'take my life',
  'want to die',
  'wanna die',
  'wish i was dead',
  'wish i were dead',
  'better off dead',
  'better off without me',
  'no reason to live',
  'nothing to live for',
  'dont want to live',
  'dont want to be alive',
  'cant go on',
  'self harm',
  'selfharm',
  'self injury',
  'hurt myself',
  'hurting myself',
  'harm myself',
  'cut myself',
  'cutting myself',
  'unalive',
  'overdose on',
]
