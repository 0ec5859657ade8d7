// Link rules of the content policy. Links are counted whether written with a scheme
// ("https://…"), "www." or as a bare domain with a path-or-not ("bit.ly/x", "cheap-meds.shop"),
// since spammers drop the scheme to dodge link detection. Addresses in emails are not links.

const COMMON_TLDS =
  'com|net|org|info|biz|io|co|ly|me|gl|gd|to|tv|cc|ws|su|xyz|top|click|link|site|online|shop|store|app|dev|live|life|church|bible|ru|cn|uk|us|de|fr|ca|au|in|nl|es|it|br|ph|ng|za|ke'

const LINK = new RegExp(
  String.raw`\b(?:https?:\/\/|www\.)[^\s<>"'()]+|(?<![@\w.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${COMMON_TLDS})\b(?:\/[^\s<>"'()]*)?`,
  'giu',
)

// Hosts whose only purpose is to hide where a link goes.
export const DEFAULT_SHORTENER_DOMAINS: readonly string[] = [
  'bit.ly',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'v.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  't.ly',
  's.id',
  'bl.ink',
  'lnkd.in',
  'shorte.st',
  'adf.ly',
]

export interface Link {
  // Lower-cased, without scheme, "www." or trailing punctuation: what "identical" compares.
  normalised: string
  host: string
}

export function findLinks(text: string): Link[] {
  return [...text.matchAll(LINK)].map(([raw]) => {
    const normalised = raw
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/[.,!?;:]+$/, '')
      .replace(/\/$/, '')
    const host = normalised.split(/[/?#:]/, 1)[0] ?? normalised
    return { normalised, host }
  })
}

export interface LinkRules {
  maxLinks: number
  shortenerDomains: ReadonlySet<string>
  bannedDomains: ReadonlySet<string>
}

// A domain rule covers its subdomains: banning "spam.example" bans "www.spam.example" and
// "promo.spam.example".
function coveredBy(host: string, domains: ReadonlySet<string>): boolean {
  const labels = host.split('.')
  return labels.some((_, index) => domains.has(labels.slice(index).join('.')))
}

export function isLinkSpam(text: string, rules: LinkRules): boolean {
  const links = findLinks(text)
  if (links.length === 0) return false
  if (links.length > rules.maxLinks) return true
  if (new Set(links.map((link) => link.normalised)).size < links.length) return true
  return links.some(
    (link) =>
      coveredBy(link.host, rules.shortenerDomains) || coveredBy(link.host, rules.bannedDomains),
  )
}

export function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '')
}
