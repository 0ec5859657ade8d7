import { isLanguage, LANGUAGES, SOURCE_LANGUAGE, type Language } from '@contract/languages'

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that the app
 * speaks: an exact tag first, else the same language in another region (`es-MX` reads `es`,
 * `pt-PT` reads `pt-BR`, the one Portuguese there is). Null when none is spoken.
 */
export function matchBrowserLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const base = tag.split('-')[0]!.toLowerCase()
    const sameLanguage = LANGUAGES.find((language) => language.split('-')[0] === base)
    if (sameLanguage) return sameLanguage
  }
  return null
}

/**
 * Issue 42: the member's saved language, else the one chosen on this device before signing in
 * (the landing's and sign-in's menu), else the browser's languages, else the community's
 * default (its admins' setting), else English.
 */
export function chooseLanguage(sources: {
  setting?: unknown
  devicePick?: unknown
  browser: readonly string[]
  communityDefault?: unknown
}): Language {
  if (isLanguage(sources.setting)) return sources.setting
  if (isLanguage(sources.devicePick)) return sources.devicePick
  const browser = matchBrowserLanguage(sources.browser)
  if (browser) return browser
  return isLanguage(sources.communityDefault) ? sources.communityDefault : SOURCE_LANGUAGE
}
