import * as z from 'zod/mini'

// Issue 42: the languages the app speaks. English is the source: every other catalogue is a
// translation of it. Tags are BCP 47 as browsers report them, so `pt-BR` keeps its region.
export const LANGUAGES = ['en', 'es', 'pt-BR', 'fr', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]
export const SOURCE_LANGUAGE: Language = 'en'

/** Written right to left: the layout mirrors (`<html dir="rtl">`). */
export const RTL_LANGUAGES: readonly Language[] = ['ar']

export const LanguageMessage = {
  unknown: `Language must be one of ${LANGUAGES.join(', ')}, or null to follow the browser.`,
} as const

/** A member's saved language; null follows the browser's languages. */
export const LanguageSettingSchema = z.nullable(
  z.enum(LANGUAGES, { error: LanguageMessage.unknown }),
)
export type LanguageSetting = z.infer<typeof LanguageSettingSchema>

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
