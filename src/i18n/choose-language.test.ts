import { describe, expect, it } from 'vitest'
import { chooseLanguage, matchBrowserLanguage } from './choose-language'

describe('matchBrowserLanguage (issue 42)', () => {
  it.each([
    [['es'], 'es'],
    [['es-MX', 'en'], 'es'],
    [['pt-BR'], 'pt-BR'],
    [['pt-br'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['fr-CA'], 'fr'],
    [['ar-EG'], 'ar'],
    [['en-GB', 'es'], 'en'],
    [['de-DE', 'fr'], 'fr'],
  ] as const)('%j reads %s', (tags, expected) => {
    expect(matchBrowserLanguage(tags)).toBe(expected)
  })

  it('answers null when the browser speaks none of them', () => {
    expect(matchBrowserLanguage(['de', 'ja-JP'])).toBeNull()
    expect(matchBrowserLanguage([])).toBeNull()
  })
})

describe('chooseLanguage: the setting, else the device pick, else the browser, else the community, else English', () => {
  it("takes the member's setting over everything", () => {
    expect(chooseLanguage({ setting: 'ar', devicePick: 'fr', browser: ['es'] })).toBe('ar')
  })

  it('takes the device pick when the setting follows the browser (null)', () => {
    expect(chooseLanguage({ setting: null, devicePick: 'fr', browser: ['es'] })).toBe('fr')
  })

  it("takes the browser's languages when nothing was chosen", () => {
    expect(chooseLanguage({ setting: null, devicePick: null, browser: ['de', 'pt-PT'] })).toBe(
      'pt-BR',
    )
  })

  it("takes the community's default when the browser speaks none of the app's languages", () => {
    expect(chooseLanguage({ browser: ['de', 'ja'], communityDefault: 'es' })).toBe('es')
    expect(chooseLanguage({ browser: ['fr-CA'], communityDefault: 'es' })).toBe('fr')
  })

  it('falls back to English, and ignores a stored value that is no language', () => {
    expect(chooseLanguage({ browser: ['de'] })).toBe('en')
    expect(
      chooseLanguage({
        setting: 'klingon',
        devicePick: 'xx',
        browser: ['ja'],
        communityDefault: 'x',
      }),
    ).toBe('en')
  })
})
