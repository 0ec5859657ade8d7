import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { RTL_LANGUAGES, type Language } from '@contract/languages'
import { translate } from '../i18n/translate'
import type { BrandedCommunity } from './branded-files'

/**
 * GET /manifest.webmanifest (issue 38): the built manifest (icons, share target, screenshots)
 * with the community's name, short name, description and colours, so "Add to Home Screen"
 * installs the community's app. The splash screen's background is the theme colour: white text
 * and the icon read on it, as on the header. Issue 42: the product's own description is in
 * `language` (the community's default), which `lang` and `dir` name; one an admin wrote stays in
 * their words.
 */
export function webManifest(
  built: string,
  community: BrandedCommunity,
  language: Language,
): string {
  const manifest = JSON.parse(built) as Record<string, unknown>
  const description =
    community.description === COMMUNITY_DEFAULTS.description
      ? translate(language, "Manifest description (the product's own)")
      : community.description
  return JSON.stringify({
    ...manifest,
    name: community.name,
    short_name: community.short_name,
    ...(description ? { description } : {}),
    lang: language,
    dir: RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr',
    theme_color: community.theme_color,
    background_color: community.theme_color,
    // The logo's icons once an admin uploads one (community-logo-icons.ts); till then the built.
    ...(community.icons.logo ? { icons: community.icons.icons } : {}),
  })
}
