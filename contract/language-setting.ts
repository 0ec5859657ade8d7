import * as z from 'zod/mini'
import { LANGUAGES } from './languages'

export const LanguageMessage = {
  unknown: `Language must be one of ${LANGUAGES.join(', ')}, or null to follow the browser.`,
} as const

/** A member's saved language (PATCH /api/v1/users/me); null follows the browser's languages. */
export const LanguageSettingSchema = z.nullable(
  z.enum(LANGUAGES, { error: LanguageMessage.unknown }),
)
export type LanguageSetting = z.infer<typeof LanguageSettingSchema>
