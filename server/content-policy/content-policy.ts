import { DEFAULT_CRISIS_PHRASES } from './crisis-phrases'
import { DEFAULT_SHORTENER_DOMAINS, isLinkSpam, normaliseDomain, type LinkRules } from './link-spam'
import { createPhraseMatcher, type PhraseMatcher } from './phrase-matcher'
import { DEFAULT_ALLOWED_TERMS, createProfanityMatcher, type ProfanityMatcher } from './profanity'

export type ContentPolicyReason = 'profanity' | 'blocked_term' | 'link_spam'

// A rejected write answers 422 with CONTENT_POLICY_MESSAGE (spec 001 §8). `crisis` is reported
// on rejections too: a member in crisis who also swore must still be shown where to find help,
// so the route adds the support block to the 422 as well.
export type ContentPolicyResult =
  { ok: true; crisis: boolean } | { ok: false; reason: ContentPolicyReason; crisis: boolean }

export interface ContentPolicyOptions {
  // Whole words or phrases the community refuses, on top of the profanity list.
  extraBlockedTerms?: readonly string[]
  // Words or phrases never counted as profanity or blocked terms (added to the defaults).
  allowedTerms?: readonly string[]
  // More links than this in one text is spam.
  maxLinks?: number
  // Any link to these domains (or their subdomains) is refused.
  bannedDomains?: readonly string[]
  shortenerDomains?: readonly string[]
  crisisPhrases?: readonly string[]
}

export interface ContentPolicy {
  check(text: string): ContentPolicyResult
  // Runtime changes apply to the next check, no restart (e.g. a moderator edits the list).
  setBlockedTerms(terms: readonly string[]): void
  setAllowedTerms(terms: readonly string[]): void
  setBannedDomains(domains: readonly string[]): void
  setCrisisPhrases(phrases: readonly string[]): void
}

export const DEFAULT_MAX_LINKS = 2

export function createContentPolicy(options: ContentPolicyOptions = {}): ContentPolicy {
  let blocked: PhraseMatcher = createPhraseMatcher(options.extraBlockedTerms ?? [])
  let allowed: PhraseMatcher
  let profanity: ProfanityMatcher
  let crisis: PhraseMatcher = createPhraseMatcher(options.crisisPhrases ?? DEFAULT_CRISIS_PHRASES)
  const linkRules: LinkRules = {
    maxLinks: options.maxLinks ?? DEFAULT_MAX_LINKS,
    shortenerDomains: new Set(
      (options.shortenerDomains ?? DEFAULT_SHORTENER_DOMAINS).map(normaliseDomain),
    ),
    bannedDomains: new Set((options.bannedDomains ?? []).map(normaliseDomain)),
  }

  function setAllowedTerms(terms: readonly string[]) {
    const all = [...DEFAULT_ALLOWED_TERMS, ...terms]
    allowed = createPhraseMatcher(all)
    profanity = createProfanityMatcher(all)
  }
  setAllowedTerms(options.allowedTerms ?? [])

  return {
    check(text) {
      const inCrisis = crisis.matches(text)
      if (profanity.hasProfanity(text)) return { ok: false, reason: 'profanity', crisis: inCrisis }
      if (blocked.matches(text, { ignore: allowed })) {
        return { ok: false, reason: 'blocked_term', crisis: inCrisis }
      }
      if (isLinkSpam(text, linkRules)) return { ok: false, reason: 'link_spam', crisis: inCrisis }
      return { ok: true, crisis: inCrisis }
    },
    setBlockedTerms(terms) {
      blocked = createPhraseMatcher(terms)
    },
    setAllowedTerms,
    setBannedDomains(domains) {
      linkRules.bannedDomains = new Set(domains.map(normaliseDomain))
    },
    setCrisisPhrases(phrases) {
      crisis = createPhraseMatcher(phrases)
    },
  }
}
