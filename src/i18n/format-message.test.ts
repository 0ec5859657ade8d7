import { setupI18n, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Language } from '@contract/languages'
import { formatMessage, type CompiledMessage } from './format-message'

// ADR 0037: the app reads Lingui's compiled messages itself; here every message of every
// catalogue must read exactly as @lingui/core's own runtime reads it.
const catalogue = async (language: Language) =>
  (await import(`./compiled/${language}.json`)) as { default: Record<string, CompiledMessage> }

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
  it.each(LANGUAGES)('every message of %s', async (language) => {
    const { default: messages } = await catalogue(language)
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
})
