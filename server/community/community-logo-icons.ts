import type { CommunityIcons, ManifestIcon } from '@contract/community-logo'
import { NOTIFICATION_ICON } from '@contract/system-notification'

/**
 * How an icon places the logo. `any`: the logo whole on transparency. `maskable`: launchers
 * crop to any shape that holds the safe zone, a centred circle of 40 % radius, so the logo is
 * fitted into the square inscribed in that circle (80 % / √2 of the side: no corner of any
 * logo is ever cut) on the theme colour. `full-bleed`: iOS rounds the corners only and fills
 * transparency with black, so the logo takes 80 % on the theme colour (as generate-icons.mjs).
 */
export type IconLayout = 'any' | 'maskable' | 'full-bleed'

export const LOGO_ICONS = [
  { name: 'any-192', size: 192, layout: 'any' },
  { name: 'any-512', size: 512, layout: 'any' },
  { name: 'maskable-192', size: 192, layout: 'maskable' },
  { name: 'maskable-512', size: 512, layout: 'maskable' },
  { name: 'apple-touch-180', size: 180, layout: 'full-bleed' },
] as const satisfies readonly { name: string; size: number; layout: IconLayout }[]

export type LogoIconName = (typeof LOGO_ICONS)[number]['name']

export const LOGO_ICON_NAMES: readonly string[] = LOGO_ICONS.map((icon) => icon.name)

/** The share of the side the logo takes, by layout. */
export const LOGO_SHARE: Record<IconLayout, number> = {
  any: 1,
  maskable: 0.8 / Math.SQRT2,
  'full-bleed': 0.8,
}

export function communityIconUrl(hash: string, name: string): string {
  return `/community/icons/${hash}/${name}.png`
}

/** The product's own icons (public/icons/, manifest.webmanifest) until a logo is uploaded. */
export const PRODUCT_ICONS: CommunityIcons = {
  logo: false,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
    { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  appleTouchIcon: '/icons/apple-touch-icon-180.png',
  notificationIcon: NOTIFICATION_ICON,
}

/** The icon set for the stored icons' digests by name (community-logo.service.ts reads them). */
export function logoIconSet(hashes: ReadonlyMap<string, string>): CommunityIcons {
  const url = (name: LogoIconName) => communityIconUrl(hashes.get(name) ?? '', name)
  const icons: ManifestIcon[] = LOGO_ICONS.filter((icon) => icon.layout !== 'full-bleed').map(
    (icon) => ({
      src: url(icon.name),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.layout === 'maskable' ? 'maskable' : 'any',
    }),
  )
  return {
    logo: true,
    icons,
    appleTouchIcon: url('apple-touch-180'),
    notificationIcon: url('any-192'),
  }
}
