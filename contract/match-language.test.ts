import { describe, expect, it } from 'vitest'
import { acceptedLanguages, matchLanguage } from './match-language'

// Issue 42: the browser's and a request's wanted languages, read as one of the app's.
describe('acceptedLanguages', () => {
  it('orders an Accept-Language header by weight, then as written, without * and refusals', () => {
    expect(acceptedLanguages('fr;q=0.5, es-MX, *;q=0.1, de;q=0, pt-BR;q=0.8, en')).toEqual([
      'es-MX',
      'en',
      'pt-BR',
      'fr',
    ])
    expect(acceptedLanguages(undefined)).toEqual([])
    expect(acceptedLanguages('')).toEqual([])
  })
})

describe('matchLanguage', () => {
  it('takes an exact tag, else the same language in another region, else the next tag', () => {
    expect(matchLanguage(['es-MX'])).toBe('es')
    expect(matchLanguage(['pt-PT'])).toBe('pt-BR')
    expect(matchLanguage(['PT-br'])).toBe('pt-BR')
    expect(matchLanguage(['de-DE', 'ar-EG'])).toBe('ar')
    expect(matchLanguage(['de', 'ja'])).toBeNull()
  })
})
