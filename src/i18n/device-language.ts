import { isLanguage, type Language } from '@contract/languages'
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
  return chooseLanguage({ devicePick: readDeviceLanguage(), browser })
}
