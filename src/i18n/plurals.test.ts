import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '@contract/languages'
import { activateLanguage, translate } from './i18n'

// Issue 42: counts follow each language's plural rules (CLDR through Intl.PluralRules), with
// the catalogues' compiled ICU messages. The bell's name is the slice's counted message.
const bell = (language: (typeof LANGUAGES)[number], count: number) =>
  translate(language, 'Notifications (the bell, with the unread count)', {
    count,
    badge: String(count),
  })

beforeAll(async () => {
  for (const language of LANGUAGES) await activateLanguage(language)
})

describe('plural forms per language', () => {
  it('English: the spec\'s words, "one" and "other" alike, none at zero', () => {
    expect(bell('en', 0)).toBe('Notifications')
    expect(bell('en', 1)).toBe('Notifications, 1 unread')
    expect(bell('en', 99)).toBe('Notifications, 99 unread')
  })

  it('Portuguese and French tell one from many', () => {
    expect(bell('pt-BR', 1)).toBe('Notificações, 1 não lida')
    expect(bell('pt-BR', 2)).toBe('Notificações, 2 não lidas')
    expect(bell('fr', 1)).toBe('Notifications, 1 non lue')
    expect(bell('fr', 5)).toBe('Notifications, 5 non lues')
    expect(bell('es', 0)).toBe('Notificaciones')
    expect(bell('es', 3)).toBe('Notificaciones, 3 sin leer')
  })

  it('Arabic uses all six of its forms: zero, one, two, few, many, other', () => {
    const rules = new Intl.PluralRules('ar')
    const samples = [0, 1, 2, 3, 11, 100]
    expect(samples.map((count) => rules.select(count))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ])
    // The badge's text is isolated in a right-to-left sentence (i18n.ts).
    const words = samples.map((count) => bell('ar', count))
    expect(new Set(words).size).toBe(6)
    expect(words[0]).toBe('الإشعارات')
    expect(words[1]).toBe('الإشعارات، إشعار واحد غير مقروء')
    expect(words[2]).toBe('الإشعارات، إشعاران غير مقروءين')
    expect(words[3]).toBe('الإشعارات، \u20683\u2069 إشعارات غير مقروءة')
    expect(words[4]).toBe('الإشعارات، \u206811\u2069 إشعارًا غير مقروء')
    expect(words[5]).toBe('الإشعارات، \u2068100\u2069 إشعار غير مقروء')
    // 103 is "few" again and 111 "many": the rule, not a table of the first numbers.
    expect(bell('ar', 103)).toBe('الإشعارات، \u2068103\u2069 إشعارات غير مقروءة')
    expect(bell('ar', 111)).toBe('الإشعارات، \u2068111\u2069 إشعارًا غير مقروء')
  })
})

describe('the catalogues fetched on demand', () => {
  it('each translate in their own language, English untouched', () => {
    expect(translate('es', 'Wall')).toBe('Muro')
    expect(translate('ar', 'Language')).toBe('اللغة')
    expect(translate('fr', 'Log in')).toBe('Se connecter')
    expect(translate('en', 'Log in')).toBe('Log in')
  })
})
