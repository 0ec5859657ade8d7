import * as z from 'zod/mini'
import { EmailSchema } from './auth'
import { LANGUAGES } from './languages'
import { TimeZoneSchema } from './notification-settings'
import { text } from './text'

// Issue 38: a community's own settings, edited by its admins (PUT /api/v1/admin/community) and
// read by every page (GET /api/v1/community). Keys are the issue's, snake_case on the wire.
// The rule keys (join, publish, first_posts_held, show_prayer_counts, anonymous_posting,
// auto_close_days) decide who joins and how the wall behaves (docs/community.md).

export const COMMUNITY_LIMITS = {
  nameMax: 40,
  shortNameMax: 12,
  descriptionMax: 300,
  heroMax: 120,
  welcomeMax: 1000,
  firstPostsHeldMax: 10,
  autoCloseDaysMin: 30,
  autoCloseDaysMax: 365,
} as const

// WCAG 2.x AA for normal text: the header draws white text on the theme colour.
export const MIN_CONTRAST_WITH_WHITE = 4.5

export const JOIN_MODES = ['open', 'invite', 'approval'] as const
export const JoinModeSchema = z.enum(JOIN_MODES)
export type JoinMode = z.infer<typeof JoinModeSchema>

export const PUBLISH_MODES = ['at_once', 'first_posts', 'all'] as const
export const PublishModeSchema = z.enum(PUBLISH_MODES)
export type PublishMode = z.infer<typeof PublishModeSchema>

export const COMMUNITY_MESSAGES = {
  nameRequired: 'Please enter a name; spaces alone are not a name.',
  nameTooLong: `The name can be at most ${COMMUNITY_LIMITS.nameMax} characters.`,
  shortNameRequired: 'Please enter a short name; spaces alone are not a name.',
  shortNameTooLong: `The short name can be at most ${COMMUNITY_LIMITS.shortNameMax} characters.`,
  hiddenCharacters: 'Names cannot contain hidden or control characters.',
  descriptionOneParagraph: 'The description must be one paragraph (no line breaks).',
  descriptionTooLong: `The description can be at most ${COMMUNITY_LIMITS.descriptionMax} characters.`,
  heroRequired: 'Please enter the landing page’s hero line.',
  heroTooLong: `The hero line can be at most ${COMMUNITY_LIMITS.heroMax} characters.`,
  welcomeTooLong: `The welcome message can be at most ${COMMUNITY_LIMITS.welcomeMax} characters.`,
  colourFormat: 'Enter the colour as # and six hexadecimal digits, such as #1f2a55.',
  colourContrast:
    'White text on this colour is hard to read (contrast under 4.5:1); choose a darker colour.',
  firstPostsHeld: `Choose from 0 to ${COMMUNITY_LIMITS.firstPostsHeldMax} posts.`,
  autoCloseDays: `Choose from ${COMMUNITY_LIMITS.autoCloseDaysMin} to ${COMMUNITY_LIMITS.autoCloseDaysMax} days, or never.`,
  anonymousPostingOff:
    'This community does not allow anonymous posts. Please post under your display name.',
  defaultLanguage: `The default language must be one of ${LANGUAGES.join(', ')}.`,
} as const

// Control, format (zero-width, bidi overrides), separator and private-use characters, plus the
// fillers that render blank: a community name made of them hides or impersonates (as users.ts).
const HIDDEN_CHARACTERS = /[\p{C}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u

function displayName(required: string, max: number, tooLong: string) {
  return text({ error: required, invalid: COMMUNITY_MESSAGES.hiddenCharacters }).check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, tooLong),
    z.refine((name: string) => !HIDDEN_CHARACTERS.test(name), COMMUNITY_MESSAGES.hiddenCharacters),
  )
}

function channel(hex: number): number {
  const value = hex / 255
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

/** WCAG 2.x contrast ratio of white text on `#rrggbb` (1 to 21). */
export function contrastWithWhite(colour: string): number {
  const at = (start: number) => channel(Number.parseInt(colour.slice(start, start + 2), 16))
  const luminance = 0.2126 * at(1) + 0.7152 * at(3) + 0.0722 * at(5)
  return 1.05 / (luminance + 0.05)
}

export const ThemeColourSchema = z.string({ error: COMMUNITY_MESSAGES.colourFormat }).check(
  z.trim(),
  z.regex(/^#[0-9a-fA-F]{6}$/, { error: COMMUNITY_MESSAGES.colourFormat, abort: true }),
  z.overwrite((colour) => colour.toLowerCase()),
  z.refine(
    (colour: string) => contrastWithWhite(colour) >= MIN_CONTRAST_WITH_WHITE,
    COMMUNITY_MESSAGES.colourContrast,
  ),
)

// Missing text is null, and so is blank text: an admin clears a field by emptying it.
const optionalText = (max: number, tooLong: string, oneParagraph = false) =>
  z.pipe(
    z.nullable(
      text().check(
        z.trim(),
        z.maxLength(max, tooLong),
        z.refine(
          (value: string) => !oneParagraph || !value.includes('\n'),
          COMMUNITY_MESSAGES.descriptionOneParagraph,
        ),
      ),
    ),
    z.transform((value: string | null) => (value ? value : null)),
  )

/** Every setting, as stored and as an admin may set it; the update takes any subset. */
const settingsShape = {
  name: displayName(
    COMMUNITY_MESSAGES.nameRequired,
    COMMUNITY_LIMITS.nameMax,
    COMMUNITY_MESSAGES.nameTooLong,
  ),
  short_name: displayName(
    COMMUNITY_MESSAGES.shortNameRequired,
    COMMUNITY_LIMITS.shortNameMax,
    COMMUNITY_MESSAGES.shortNameTooLong,
  ),
  description: optionalText(
    COMMUNITY_LIMITS.descriptionMax,
    COMMUNITY_MESSAGES.descriptionTooLong,
    true,
  ),
  theme_color: ThemeColourSchema,
  contact_email: z.nullable(EmailSchema),
  hero: text({ error: COMMUNITY_MESSAGES.heroRequired }).check(
    z.trim(),
    z.minLength(1, COMMUNITY_MESSAGES.heroRequired),
    z.maxLength(COMMUNITY_LIMITS.heroMax, COMMUNITY_MESSAGES.heroTooLong),
  ),
  welcome: optionalText(COMMUNITY_LIMITS.welcomeMax, COMMUNITY_MESSAGES.welcomeTooLong),
  time_zone: TimeZoneSchema,
  join: JoinModeSchema,
  publish: PublishModeSchema,
  first_posts_held: z
    .number({ error: COMMUNITY_MESSAGES.firstPostsHeld })
    .check(
      z.int(COMMUNITY_MESSAGES.firstPostsHeld),
      z.minimum(0, COMMUNITY_MESSAGES.firstPostsHeld),
      z.maximum(COMMUNITY_LIMITS.firstPostsHeldMax, COMMUNITY_MESSAGES.firstPostsHeld),
    ),
  show_prayer_counts: z.boolean(),
  anonymous_posting: z.boolean(),
  auto_close_days: z.nullable(
    z
      .number({ error: COMMUNITY_MESSAGES.autoCloseDays })
      .check(
        z.int(COMMUNITY_MESSAGES.autoCloseDays),
        z.minimum(COMMUNITY_LIMITS.autoCloseDaysMin, COMMUNITY_MESSAGES.autoCloseDays),
        z.maximum(COMMUNITY_LIMITS.autoCloseDaysMax, COMMUNITY_MESSAGES.autoCloseDays),
      ),
  ),
  // Issue 42: the language of a visitor whose browser asks for none the app speaks, and of the
  // mail and pushes of a member who chose none.
  default_language: z.enum(LANGUAGES, { error: COMMUNITY_MESSAGES.defaultLanguage }),
}

export const CommunitySettingsSchema = z.object(settingsShape)
export type CommunitySettings = z.output<typeof CommunitySettingsSchema>

/** PUT /api/v1/admin/community: any subset of the settings; an unknown key is refused. */
export const UpdateCommunityBodySchema = z.partial(z.strictObject(settingsShape))
export type UpdateCommunityBody = z.input<typeof UpdateCommunityBodySchema>

/**
 * GET /api/v1/community: what the app needs to draw itself. The contact email is null for a
 * visitor (no session) when the community is not open to anyone (issue 38).
 */
export const CommunitySchema = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.nullable(z.string()),
  theme_color: z.string(),
  contact_email: z.nullable(z.string()),
  hero: z.string(),
  welcome: z.nullable(z.string()),
  time_zone: z.string(),
  join: JoinModeSchema,
  publish: PublishModeSchema,
  first_posts_held: z.number(),
  show_prayer_counts: z.boolean(),
  anonymous_posting: z.boolean(),
  auto_close_days: z.nullable(z.number()),
  default_language: z.enum(LANGUAGES),
})
export type Community = z.infer<typeof CommunitySchema>
