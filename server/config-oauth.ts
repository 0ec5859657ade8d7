type ProviderPrefix = 'GOOGLE' | 'FACEBOOK'
type ProviderEnv = {
  [K in `${ProviderPrefix}_CLIENT_${'ID' | 'SECRET'}`]?: string
} & {
  [K in `${ProviderPrefix}_${'AUTHORIZE' | 'TOKEN' | 'USERINFO'}_URL`]: string
}

export interface OAuthProviderConfig {
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  userinfoUrl: string
}

/** A provider is enabled only when both its client id and secret are set (loadConfig checks the pair). */
export function oauthProvider(env: ProviderEnv, prefix: ProviderPrefix): OAuthProviderConfig | null {
  const clientId = env[`${prefix}_CLIENT_ID`]
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]
  if (!clientId || !clientSecret) return null
  return {
    clientId,
    clientSecret,
    authorizeUrl: env[`${prefix}_AUTHORIZE_URL`],
    tokenUrl: env[`${prefix}_TOKEN_URL`],
    userinfoUrl: env[`${prefix}_USERINFO_URL`],
  }
}
