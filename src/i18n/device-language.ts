import { isLanguage, type Language } from '@contract/languages'
import { communityPage } from '@/lib/community-page'
import { chooseLanguage } from './choose-language'

// The language picked on this device (the landing's or sign-in's menu, or the member's own
// setting as last read), so the next cold start, offline too, opens in it before any answer.
const KEY = 'language'

export function readDeviceLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(KEY)
    return isLanguage(stored) ? stored : null
  } catch {
    return null
  }
}

/** Null forgets the pick: the browser's languages decide again. */
export function saveDeviceLanguage(language: Language | null): void {
  try {
    if (language === null) localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, language)
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
}

/** What this device opens in before the member's account answers. */
export function deviceLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages
  return chooseLanguage({
    devicePick: readDeviceLanguage(),
    browser,
    communityDefault: communityPage.default_language,
  })
}

// The pseudo-locale (src/i18n/i18n.ts) is turned on for this device by a test
// (`localStorage['pseudo-locale'] = 'on'`) or, in development, by `?pseudo-locale=on` (`off`).
const PSEUDO_KEY = 'pseudo-locale'

export function pseudoLocaleOn(): boolean {
  if (import.meta.env.DEV && typeof location !== 'undefined') {
    const asked = new URLSearchParams(location.search).get(PSEUDO_KEY)
    if (asked) savePseudoLocale(asked === 'on')
  }
  try {
    return localStorage.getItem(PSEUDO_KEY) === 'on'
  } catch {
    return false
  }
}

export function savePseudoLocale(on: boolean): void {
  try {
    if (on) localStorage.setItem(PSEUDO_KEY, 'on')
    else localStorage.removeItem(PSEUDO_KEY)
  } catch {
    // Storage refused: it holds for this page only.
  }
}
