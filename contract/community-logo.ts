import * as z from 'zod/mini'

// Issue 38: the community's logo, uploaded by an admin (POST /api/v1/admin/community/logo,
// multipart, field `logo`) and rendered by the server into every icon the app needs.

export const LOGO_FIELD = 'logo'
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
// A decompression bomb is a small file that declares a huge image. 4096 × 4096 takes a phone
// photo (12 MP) and keeps one decoded image under 64 MB.
export const LOGO_MAX_PIXELS = 4096 * 4096

/** The formats taken, by the name sharp gives the bytes it reads, with their types and endings. */
export const LOGO_FORMATS = {
  png: { type: 'image/png', extensions: ['png'] },
  jpeg: { type: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { type: 'image/webp', extensions: ['webp'] },
  svg: { type: 'image/svg+xml', extensions: ['svg'] },
} as const
export type LogoFormat = keyof typeof LOGO_FORMATS

/** The file input's `accept`: the types and the endings, for pickers that know only one. */
export const LOGO_ACCEPT = Object.values(LOGO_FORMATS)
  .flatMap((format) => [format.type, ...format.extensions.map((ending) => `.${ending}`)])
  .join(',')

// Stable problem codes (the `title`), each with the message an admin reads.
export const LOGO_ERRORS = {
  missing: 'logo.missing',
  tooLarge: 'logo.too_large',
  notAnImage: 'logo.not_an_image',
  tooManyPixels: 'logo.too_many_pixels',
  unsafeSvg: 'logo.unsafe_svg',
} as const

export const LOGO_MESSAGES = {
  missing: 'Choose an image file for the logo.',
  tooLarge: 'The logo can be at most 2 MB.',
  notAnImage:
    'This file is not a PNG, JPEG, WebP or SVG image, or it is damaged, or its name says another type than its content.',
  tooManyPixels: 'The image is too large: it can have at most 4096 × 4096 pixels.',
  unsafeSvg:
    'The SVG contains scripts, links or references to other files; export it as a plain drawing.',
} as const

/** An icon of the web manifest (its ImageResource). */
export const ManifestIconSchema = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.enum(['any', 'maskable']),
})
export type ManifestIcon = z.infer<typeof ManifestIconSchema>

/** Every icon the app shows, from the community's logo or, before one is uploaded, the product's. */
export const CommunityIconsSchema = z.object({
  /** Rendered from the community's logo; false: the product's own, as built. */
  logo: z.boolean(),
  /** The manifest's `icons`. */
  icons: z.array(ManifestIconSchema),
  /** index.html's apple-touch-icon: iOS fills transparency with black, so it is full-bleed. */
  appleTouchIcon: z.string(),
  /** A system notification's icon and badge (Web Push and the page's own). */
  notificationIcon: z.string(),
})
export type CommunityIcons = z.infer<typeof CommunityIconsSchema>
