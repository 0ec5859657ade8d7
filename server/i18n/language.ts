import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isLanguage, SOURCE_LANGUAGE, type Language } from '@contract/languages'
import { acceptedLanguages, matchLanguage } from '@contract/match-language'

// Issue 42: the language the server speaks to someone (docs/translating.md "On the server"):
// the member's own choice, else the language of the request that caused the answer or mail
// (its Accept-Language), else the community's default, else English.

/** The first of these that is one of the app's languages. */
export function chooseLanguage(...choices: readonly unknown[]): Language {
  return choices.find(isLanguage) ?? SOURCE_LANGUAGE
}

/** The language a request's Accept-Language asks for among the app's, or null. */
export function acceptLanguageOf(request: Pick<FastifyRequest, 'headers'>): Language | null {
  return matchLanguage(acceptedLanguages(request.headers['accept-language']))
}

/** The community's default language (an admin's setting, issue 42). */
export async function communityLanguage(app: FastifyInstance): Promise<Language> {
  return (await app.community.read()).default_language
}

/** A member's own choice of language, if any (the users capability's, users.language). */
export type SavedLanguage = (userId: string) => Promise<Language | undefined>

/**
 * The language to answer a request in: the signed-in member's, else the request's, else the
 * community's. Read only where an answer has words to translate (a problem's detail).
 */
export async function requestLanguage(
  app: FastifyInstance,
  request: Pick<FastifyRequest, 'headers' | 'viewer'>,
  savedLanguage: SavedLanguage,
): Promise<Language> {
  const userId = request.viewer?.userId
  const saved = userId ? await savedLanguage(userId) : undefined
  return chooseLanguage(saved, acceptLanguageOf(request), await communityLanguage(app))
}

/**
 * The language of a mail to a member: their choice (`saved`, users.language), else the
 * language of the request that caused it (carried in its event), else the community's.
 */
export async function memberLanguage(
  app: FastifyInstance,
  saved: string | null | undefined,
  requested?: Language | null,
): Promise<Language> {
  if (isLanguage(saved)) return saved
  if (requested) return requested
  return communityLanguage(app)
}
