// Issue 42 (ADR 0037): Lingui's compiled message form, interpreted. Lingui's compiler parses the
// ICU messages at build time (scripts/i18n-catalogues.mjs); what it leaves is text, a value's
// name, or a plural/select with its branches. Reading that takes these few lines, where
// @lingui/core's whole I18n class (2.2 kB gzip) would not fit the wall's budget.
// format-message.test.ts holds every catalogue's messages to @lingui/core's own output.

type Token = string | [name: string, type?: string, format?: unknown]
export type CompiledMessage = string | Token[]
type Branches = Record<string, Token[]> & { offset?: number }

const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

// English, the source language, is read without Intl where Intl says the same: a formatter's
// first use in a page cost ~70 ms of a throttled phone's first wall render, its counts' plurals
// (issue 47's profile). CLDR's English cardinal rule: "one" for 1 (and -1) exactly; integers under 1,000
// have no grouping separator. Ordinals and larger numbers still ask Intl.
const ENGLISH = 'en'
const englishCardinal = { select: (n: number) => (Math.abs(n) === 1 ? 'one' : 'other') }

function plural(locale: string, ordinal: boolean): Pick<Intl.PluralRules, 'select'> {
  if (locale === ENGLISH && !ordinal) return englishCardinal
  const key = `${locale} ${ordinal}`
  let rules = pluralRules.get(key)
  if (!rules) {
    rules = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' })
    pluralRules.set(key, rules)
  }
  return rules
}

function formatNumber(locale: string, value: number): string {
  if (locale === ENGLISH && Number.isInteger(value) && Math.abs(value) < 1000) return String(value)
  let format = numberFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale)
    numberFormats.set(locale, format)
  }
  return format.format(value)
}

/**
 * The message with `values` in, numbers and plural forms in `locale`. `count` is the number a
 * `#` in a plural branch stands for.
 */
export function formatMessage(
  message: CompiledMessage,
  locale: string,
  values: Record<string, unknown> = {},
  count?: number,
): string {
  if (typeof message === 'string') return message
  let text = ''
  for (const token of message) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? formatNumber(locale, count) : token
      continue
    }
    const [name, type, format] = token
    const value = Object.hasOwn(values, name) ? values[name] : undefined
    if (type === 'plural' || type === 'selectordinal') {
      const branches = format as Branches
      const n = Number(value) - (branches.offset ?? 0)
      const branch =
        branches[String(Number(value))] ??
        branches[plural(locale, type === 'selectordinal').select(n)] ??
        branches.other!
      text += formatMessage(branch, locale, values, n)
    } else if (type === 'select') {
      const branches = format as Branches
      const key = String(value)
      const branch = Object.hasOwn(branches, key) ? branches[key]! : branches.other!
      text += formatMessage(branch, locale, values, count)
    } else if (type === 'number') text += formatNumber(locale, Number(value))
    else if (value !== undefined && value !== null) text += String(value)
  }
  return text
}
