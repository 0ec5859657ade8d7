import { describe, expect, it } from 'vitest'
import { InvalidEnvironmentError, loadConfig } from './config'

function errorLines(env: Record<string, string>) {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.lines
    throw error
  }
  throw new Error('expected loadConfig to refuse this environment')
}

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      redisUrl: null,
      appEnv: 'development',
      publicUrl: 'http://localhost:3000',
      notificationsUrl: 'http://localhost:3000',
      serverRole: 'all',
      smtpUrl: null,
      moderatorEmails: [],
      google: null,
      facebook: null,
      vapid: null,
      bodyLimitBytes: 1024 * 1024,
      trustProxy: false,
      reportHoldThreshold: 3,
    })
    expect(config.dataDir).toMatch(/[\\/]data$/)
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('parses a full production environment', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://app@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      APP_ENV: 'production',
      PUBLIC_URL: 'https://pray.example.org/',
      NOTIFICATIONS_URL: 'https://notify.example.org',
      SERVER_ROLE: 'api',
      MODERATOR_EMAILS: ' Ann@Example.org, bob@example.org ',
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9000/token',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    })
    expect(config.port).toBe(8080)
    expect(config.publicUrl).toBe('https://pray.example.org')
    expect(config.notificationsUrl).toBe('https://notify.example.org')
    expect(config.moderatorEmails).toEqual(['ann@example.org', 'bob@example.org'])
    expect(config.google).toEqual({
      clientId: 'gid',
      clientSecret: 'gsecret',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'http://127.0.0.1:9000/token',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    })
    expect(config.vapid).toMatchObject({ publicKey: 'pub', privateKey: 'priv' })
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1'])
  })

  it('reads TRUST_PROXY as a hop count, true/false or proxy addresses (issue 37)', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy
    expect(trust('1')).toBe(1)
    expect(trust('2')).toBe(2)
    expect(trust('true')).toBe(true)
    expect(trust('false')).toBe(false)
    expect(trust('127.0.0.1, 10.0.0.0/8, ::1, fd00::/8, loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ])
  })

  it.each(['yes', 'nginx', '10.0.0.0/33', '1.2.3', 'one'])(
    'refuses a TRUST_PROXY of %s that trusts no proxy it names',
    (value) => {
      expect(errorLines({ TRUST_PROXY: value })).toEqual([
        `Invalid environment: TRUST_PROXY must be a hop count, true, false or a comma list of proxy IP addresses/CIDRs (got "${value}")`,
      ])
    },
  )

  it('reads the auto-hold threshold (issue 8)', () => {
    expect(loadConfig({ REPORT_HOLD_THRESHOLD: '5' }).reportHoldThreshold).toBe(5)
  })

  it('reads the operations variables (issue 23)', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null, shutdownDrainMs: 6000 })
    const token = 'a-long-random-scrape-token'
    expect(loadConfig({ METRICS_TOKEN: token, SHUTDOWN_DRAIN_MS: '3000' })).toMatchObject({
      metricsToken: token,
      shutdownDrainMs: 3000,
    })
  })

  it('refuses a short METRICS_TOKEN without printing it', () => {
    expect(errorLines({ METRICS_TOKEN: 'hunter2' })).toEqual([
      'Invalid environment: METRICS_TOKEN must be at least 16 characters',
    ])
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: null })
  })

  it.each([
    ['PORT', 'abc', 'PORT must be an integer between 1 and 65535 (got "abc")'],
    ['PORT', '70000', 'PORT must be an integer between 1 and 65535 (got "70000")'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")'],
    ['REDIS_URL', 'localhost', 'REDIS_URL must be a redis:// or rediss:// URL (got "localhost")'],
    ['APP_ENV', 'prod', 'APP_ENV must be one of development, test, production (got "prod")'],
    ['PUBLIC_URL', 'example.org', 'PUBLIC_URL must be a http:// or https:// URL (got "example.org")'],
    ['NOTIFICATIONS_URL', 'ftp://x', 'NOTIFICATIONS_URL must be a http:// or https:// URL (got "ftp://x")'],
    ['SERVER_ROLE', 'worker', 'SERVER_ROLE must be one of all, api, notifications (got "worker")'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['SMTP_URL', 'mail.example.org', 'SMTP_URL must be a smtp:// or smtps:// URL (got "mail.example.org")'],
    ['ADMIN_EMAILS', 'ann@x.org,nope', 'ADMIN_EMAILS must be a comma-separated list of email addresses (got "ann@x.org,nope")'],
    ['MODERATOR_EMAILS', 'x', 'MODERATOR_EMAILS must be a comma-separated list of email addresses (got "x")'],
    ['GOOGLE_AUTHORIZE_URL', 'nope', 'GOOGLE_AUTHORIZE_URL must be a http:// or https:// URL (got "nope")'],
    ['FACEBOOK_USERINFO_URL', 'nope', 'FACEBOOK_USERINFO_URL must be a http:// or https:// URL (got "nope")'],
    ['VAPID_SUBJECT', 'admin', 'VAPID_SUBJECT must be a mailto: address or an https:// URL (got "admin")'],
    ['BODY_LIMIT_BYTES', '1mb', 'BODY_LIMIT_BYTES must be an integer between 1 and 104857600 (got "1mb")'],
    ['REPORT_HOLD_THRESHOLD', '0', 'REPORT_HOLD_THRESHOLD must be an integer between 1 and 1000 (got "0")'],
    ['SHUTDOWN_DRAIN_MS', '9000', 'SHUTDOWN_DRAIN_MS must be an integer between 0 and 8000 (got "9000")'],
  ])('refuses a bad %s with one clear line', (name, value, line) => {
    expect(errorLines({ [name]: value })).toEqual([`Invalid environment: ${line}`])
  })

  it.each([
    ['DATABASE_URL', 'mysql://app:s3cret@db/prayer', 'must be a postgres:// or postgresql:// URL (got "mysql://app:***@db/prayer")'],
    ['DATABASE_URL', 'mysql://db/prayer?user=app&password=s3cret', 'must be a postgres:// or postgresql:// URL (got "mysql://db/prayer?user=app&password=***")'],
    // Invalid URLs (a port that is no number, an unencoded '/' or '@' in the password).
    ['REDIS_URL', 'redis://:s3cret@cache:port', 'must be a redis:// or rediss:// URL (got "redis://:***@cache:port")'],
    ['SMTP_URL', 'smtp://mailer:s3c/r@et@mail.example.org:99999', 'must be a smtp:// or smtps:// URL (got "smtp://mailer:***@mail.example.org:99999")'],
  ])('names a bad %s without its password (issue 37)', (name, value, problem) => {
    expect(errorLines({ [name]: value })).toEqual([`Invalid environment: ${name} ${problem}`])
  })

  it.each([
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['FACEBOOK_CLIENT_SECRET', 'FACEBOOK_CLIENT_ID'],
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
  ])('refuses %s without %s', (given, missing) => {
    expect(errorLines({ [given]: 'x' })).toEqual([`Invalid environment: ${missing} is required when ${given} is set`])
  })

  it('reports every bad variable at once, one line each', () => {
    expect(errorLines({ PORT: 'abc', APP_ENV: 'prod', LOG_LEVEL: 'loud' })).toHaveLength(3)
  })
})
