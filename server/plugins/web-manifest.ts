import type { BrandedCommunity } from './branded-files'

/**
 * GET /manifest.webmanifest (issue 38): the built manifest (icons, share target, screenshots)
 * with the community's name, short name, description and colours, so "Add to Home Screen"
 * installs the community's app. The splash screen's background is the theme colour: white text
 * and the icon read on it, as on the header.
 */
export function webManifest(built: string, community: BrandedCommunity): string {
  const manifest = JSON.parse(built) as Record<string, unknown>
  return JSON.stringify({
    ...manifest,
    name: community.name,
    short_name: community.short_name,
    ...(community.description ? { description: community.description } : {}),
    theme_color: community.theme_color,
    background_color: community.theme_color,
    // The logo's icons once an admin uploads one (community-logo-icons.ts); till then the built.
    ...(community.icons.logo ? { icons: community.icons.icons } : {}),
  })
}
