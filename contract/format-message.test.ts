/// <reference types="vite/client" />
import { setupI18n, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Language } from '@contract/languages'
import { formatMessage, type CompiledMessage } from './format-message'

// ADR 0037: the app reads Lingui's compiled messages itself; here every message of every
// catalogue must read exactly as @lingui/core's own runtime reads it.
// Every compiled file of the app and the server: <language>.json or <language>/<part>.json.
const compiled = import.meta.glob<Record<string, CompiledMessage>>(
  ['../src/i18n/compiled/**/*.json', '../server/i18n/compiled/**/*.json'],
  { eager: true, import: 'default' },
)
const catalogues = (language: Language) =>
  Object.entries(compiled)
    .filter(([file]) => new RegExp(`/compiled/${language}(\\.json|/)`).test(file))
    .map(([, messages]) => messages)

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 99, 100, 101, 103, 111, 1000, 1234]

/** Each value's name and whether it is counted, from the compiled tokens. */
function argumentsOf(message: CompiledMessage, into = new Map<string, boolean>()) {
  if (typeof message === 'string') return into
  for (const token of message) {
    if (typeof token === 'string') continue
    const [name, type, format] = token
    const counted = type === 'plural' || type === 'selectordinal' || type === 'number'
    into.set(name, counted || (into.get(name) ?? false))
    if (format && typeof format === 'object')
      for (const [key, branch] of Object.entries(format))
        if (key !== 'offset') argumentsOf(branch as CompiledMessage, into)
  }
  return into
}

describe('formatMessage reads compiled messages as @lingui/core does', () => {
  it.each(LANGUAGES)('every message of %s', (language) => {
    const messages = Object.assign({}, ...catalogues(language)) as Record<string, CompiledMessage>
    const lingui = setupI18n({
      locale: language,
      messages: { [language]: messages as unknown as Messages },
    })
    let compared = 0
    for (const [id, message] of Object.entries(messages)) {
      const args = argumentsOf(message)
      for (const count of args.size ? COUNTS : [0]) {
        const values = Object.fromEntries(
          [...args].map(([name, counted]) => [name, counted ? count : `«${name} ${count}»`]),
        )
        expect(formatMessage(message, language, values), `${language} ${id} ${count}`).toBe(
          lingui._(id, values),
        )
        compared++
      }
    }
    expect(compared).toBeGreaterThanOrEqual(Object.keys(messages).length)
  })

  it('fills a plural, its # and an offset, a select and a number', () => {
    const plural: CompiledMessage = [
      ['n', 'plural', { 0: ['none'], offset: 1, one: ['#', ' more'], other: ['#', ' others'] }],
    ]
    expect(formatMessage(plural, 'en', { n: 0 })).toBe('none')
    expect(formatMessage(plural, 'en', { n: 2 })).toBe('1 more')
    expect(formatMessage(plural, 'en', { n: 1235 })).toBe('1,234 others')
    expect(formatMessage(plural, 'fr', { n: 1235 })).toBe(
      new Intl.NumberFormat('fr').format(1234) + ' others',
    )
    const select: CompiledMessage = [['g', 'select', { f: ['she'], other: ['they'] }], ' ', ['x']]
    expect(formatMessage(select, 'en', { g: 'f', x: 'prays' })).toBe('she prays')
    expect(formatMessage(select, 'en', { g: 'toString', x: 'prays' })).toBe('they prays')
    expect(formatMessage([['n', 'number']], 'ar', { n: 1234 })).toBe(
      new Intl.NumberFormat('ar').format(1234),
    )
  })

  it("reads English's counts without Intl exactly as Intl reads them (issue 47)", () => {
    const rules = new Intl.PluralRules('en')
    const numbers = new Intl.NumberFormat('en')
    const message: CompiledMessage = [
      ['n', 'plural', { one: ['#', ' prayed'], other: ['#', ' prayed!'] }],
    ]
    for (const n of [-1001, -2, -1, 0, 0.5, 1, 1.5, 2, 999, 1000, 12345]) {
      const expected = `${numbers.format(n)} prayed${rules.select(n) === 'one' ? '' : '!'}`
      expect(formatMessage(message, 'en', { n }), String(n)).toBe(expected)
    }
  })
})
