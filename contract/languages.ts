// Issue 42: the languages the app speaks. English is the source: every other catalogue is a
// translation of it. Tags are BCP 47 as browsers report them, so `pt-BR` keeps its region.
// No zod here: the landing's small entry reads this (the schema is language-setting.ts).
export const LANGUAGES = ['en', 'es', 'pt-BR', 'fr', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]
export const SOURCE_LANGUAGE = 'en' satisfies Language

/** Written right to left: the layout mirrors (`<html dir="rtl">`). */
export const RTL_LANGUAGES: readonly Language[] = ['ar']

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
