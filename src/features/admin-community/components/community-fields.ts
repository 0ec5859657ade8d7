import { COMMUNITY_LIMITS, type Community } from '@contract/community'
import type { MessageId } from '@/i18n/i18n'

// The settings an admin edits on /admin/community as text: how the community looks and presents
// itself. Its rules (join, publish, counts, anonymity, closing) are in community-rules.ts.
// Labels and help are message ids, translated where the form shows them.
export const FIELDS = [
  { key: 'name', label: 'Name (community)', max: COMMUNITY_LIMITS.nameMax },
  {
    key: 'short_name',
    label: 'Short name',
    max: COMMUNITY_LIMITS.shortNameMax,
    help: 'The installed app’s label under its icon.',
  },
  { key: 'hero', label: 'Landing page headline', max: COMMUNITY_LIMITS.heroMax },
  {
    key: 'description',
    label: 'Description (community)',
    max: COMMUNITY_LIMITS.descriptionMax,
    help: 'One paragraph, shown where the app is installed.',
  },
  {
    key: 'welcome',
    label: 'Welcome message',
    max: COMMUNITY_LIMITS.welcomeMax,
    multiline: true,
  },
  { key: 'contact_email', label: 'Contact email', type: 'email' },
  {
    key: 'time_zone',
    label: 'Time zone',
    help: 'An IANA time zone, such as Europe/Rome.',
  },
] as const satisfies readonly {
  key: keyof Community
  label: MessageId
  max?: number
  help?: MessageId
  multiline?: boolean
  type?: string
}[]

export type TextKey = (typeof FIELDS)[number]['key']
export type FormValues = Record<TextKey | 'theme_color' | 'default_language', string>

export function formValues(community: Community): FormValues {
  const values = {
    theme_color: community.theme_color,
    default_language: community.default_language,
  } as FormValues
  for (const { key } of FIELDS) values[key] = community[key] ?? ''
  return values
}

/** Only what the admin changed: the update is partial, so an untouched field stays as saved. */
export function changedValues<T extends object>(saved: T, values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => saved[key as keyof T] !== value),
  ) as Partial<T>
}
