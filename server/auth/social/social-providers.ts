import { z } from 'zod'
import { EmailSchema, normaliseEmail, type SocialProvider } from '@contract/auth'
import { TolerantBooleanSchema } from '@contract/booleans'
import { NAME_MAX_LENGTH } from '@contract/users'
import type { Config } from '../../config'
import type { OAuthProviderConfig } from '../../config-oauth'

/** What a provider tells us about the person, already cleaned. */
export interface SocialProfile {
  provider: SocialProvider
  providerUserId: string
  /** Normalised; null when the provider shared none or an unusable one. */
  email: string | null
  /** The provider says it verified `email`: only then may it create or link an account. */
  emailVerified: boolean
  firstName: string | null
  lastName: string | null
}

interface ProviderDefinition {
  scope: string
  extraAuthorizeParams?: Record<string, string>
  /** The configured URL, adjusted to ask for the fields `parseProfile` reads. */
  userinfoUrl(configured: string): string
  parseProfile(userinfo: unknown): SocialProfile | null
}

const optionalText = z.string().nullish().catch(null)

// A prefill only: onboarding validates the names properly (spec 000 §5), so here a bad value
// just becomes "unknown" instead of failing the sign-in.
function cleanName(name: string | null | undefined): string | null {
  const trimmed = name?.normalize('NFC').trim().slice(0, NAME_MAX_LENGTH) ?? ''
  return trimmed === '' ? null : trimmed
}

function cleanEmail(email: string | null | undefined): string | null {
  const parsed = EmailSchema.safeParse(email)
  return parsed.success ? normaliseEmail(parsed.data) : null
}

// OpenID Connect standard claims (Google's userinfo endpoint).
const GoogleUserinfoSchema = z.object({
  sub: z.string().min(1).max(255),
  email: optionalText,
  email_verified: z.optional(TolerantBooleanSchema),
  given_name: optionalText,
  family_name: optionalText,
})

// Graph API /me with the fields asked for below; `id` is app-scoped.
const FacebookUserinfoSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(255)),
  email: optionalText,
  first_name: optionalText,
  last_name: optionalText,
})

const definitions: Record<SocialProvider, ProviderDefinition> = {
  google: {
    scope: 'openid email profile',
    // Let a person with several Google accounts choose, instead of silently using the last one.
    extraAuthorizeParams: { prompt: 'select_account' },
    userinfoUrl: (configured) => configured,
    parseProfile(userinfo) {
      const parsed = GoogleUserinfoSchema.safeParse(userinfo)
      if (!parsed.success) return null
      const email = cleanEmail(parsed.data.email)
      return {
        provider: 'google',
        providerUserId: parsed.data.sub,
        email,
        // Google says whether it verified the address; we trust only an explicit yes.
        emailVerified: email !== null && parsed.data.email_verified === true,
        firstName: cleanName(parsed.data.given_name),
        lastName: cleanName(parsed.data.family_name),
      }
    },
  },
  facebook: {
    scope: 'email public_profile',
    userinfoUrl(configured) {
      const url = new URL(configured)
      url.searchParams.set('fields', 'id,email,first_name,last_name')
      return url.toString()
    },
    parseProfile(userinfo) {
      const parsed = FacebookUserinfoSchema.safeParse(userinfo)
      if (!parsed.success) return null
      const email = cleanEmail(parsed.data.email)
      return {
        provider: 'facebook',
        providerUserId: parsed.data.id,
        email,
        // Graph says nothing about whether the address was verified, and "it only returns
        // confirmed ones" is no contract we can rely on (issue 37): never trusted.
        emailVerified: false,
        firstName: cleanName(parsed.data.first_name),
        lastName: cleanName(parsed.data.last_name),
      }
    },
  },
}

export function providerDefinition(provider: SocialProvider): ProviderDefinition {
  return definitions[provider]
}

/** null when the operator did not set the provider's client id and secret. */
export function providerConfig(
  config: Config,
  provider: SocialProvider,
): OAuthProviderConfig | null {
  return config[provider]
}

/** Must equal the redirect URI registered with the provider, hence built from PUBLIC_URL only. */
export function redirectUri(config: Config, provider: SocialProvider): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/auth/${provider}/callback`
}
