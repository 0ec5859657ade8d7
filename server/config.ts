import { resolve } from 'node:path'
import { z } from 'zod'
import { oauthProvider } from './config-oauth'
import { trustProxy } from './config-trust-proxy'
import { withoutPassword } from './config-url-password'
import { commaEmails, integer, oneOf, optionalUrl, url, vapidSubject } from './config-vars'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

// Every variable the server reads. Empty strings count as unset so `FOO=` in a .env file or a
// compose file means "use the default", as operators expect.
const EnvSchema = z.object({
  /** HTTP port of the whole app (PWA, API, hub). */
  PORT: integer(1, 65535).default(3000),
  /** Interface to bind; 0.0.0.0 so containers are reachable. */
  HOST: z.string().default('0.0.0.0'),
  /** Embedded PGlite data, dev mailbox and generated VAPID keys live here (DESIGN §2). */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… switches from embedded PGlite to PostgreSQL (same schema and migrations). */
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  /** redis://… turns on the hub backplane and shared rate limits for several processes. */
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  /** Explicit environment switch; we never branch on NODE_ENV (STYLE.md). */
  APP_ENV: oneOf(['development', 'test', 'production']).default('development'),
  /** Public origin of the app: links in mail, OAuth redirects. Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  /** Where the client reaches the notifications service and hub; defaults to PUBLIC_URL. */
  NOTIFICATIONS_URL: optionalUrl(['http:', 'https:']),
  /** Which parts this process serves, so notifications can run as their own process. */
  SERVER_ROLE: oneOf(['all', 'api', 'notifications']).default('all'),
  /** pino level. */
  LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
  /** smtp(s)://… sends real mail; unset outside production = dev mailbox at GET /__dev/mail. */
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  /** Sender of every mail. */
  MAIL_FROM: z.string().default('Prayer Community <no-reply@localhost>'),
  /** Issue 46: mails handed to the mail server per second by each process (0 = no limit). */
  MAIL_RATE_PER_SECOND: integer(0, 10_000).default(10),
  /** Issue 46: shared secret of the bounce and complaint webhook; unset = it answers 404 (docs/mail.md). */
  MAIL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Issue 46: signs mail's unsubscribe links; unset = a key kept in the database. */
  MAIL_LINK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** ADR 0040: seals two-step (TOTP) secrets in the database; unset = kept as they are. */
  TOTP_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Comma lists of emails granted the moderator / admin role at sign-in. */
  MODERATOR_EMAILS: commaEmails(),
  ADMIN_EMAILS: commaEmails(),
  /** Social sign-in; each endpoint is overridable so tests use a local OAuth2/OIDC server. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZE_URL: url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZE_URL: url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: url().default(
    'https://graph.facebook.com/me?fields=id,name,email,picture',
  ),
  /** Web Push keys; unset = generated once into DATA_DIR by the notifications service. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Contact the push services may use: a mailto: or https: URL. */
  VAPID_SUBJECT: vapidSubject().default('mailto:no-reply@localhost'),
  /** Largest accepted request body. */
  BODY_LIMIT_BYTES: integer(1, 100 * 1024 * 1024).default(1024 * 1024),
  /** Behind a proxy: its hop count (1 for one nginx in front), or its addresses/CIDRs (Fastify trustProxy). */
  TRUST_PROXY: trustProxy().default(false),
  /** Distinct members whose open reports hide an item until a moderator reviews it (issue 8). */
  REPORT_HOLD_THRESHOLD: integer(1, 1000).default(3),
  /** Bearer token Prometheus sends to GET /metrics; unset = /metrics answers 404 (operations). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long SIGTERM lets in-flight requests finish before their connections are cut. */
  SHUTDOWN_DRAIN_MS: integer(0, 8_000).default(6_000),
  /** off: this process records events but hands none to subscribers (docs/events.md). */
  EVENT_DISPATCH: oneOf(['on', 'off']).default('on'),
  /** Issue 45: a prayer's live counts go out at most once per this many ms (0 = every write). */
  COUNTER_UPDATE_WINDOW_MS: integer(0, 10_000).default(250),
})

type Env = z.infer<typeof EnvSchema>

// Never echoed in an error line: the line goes to the terminal and the service's log.
const SECRETS = new Set([
  'METRICS_TOKEN',
  'MAIL_WEBHOOK_SECRET',
  'MAIL_LINK_SECRET',
  'TOTP_SECRET_KEY',
])

const pairs = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
] as const

function toConfig(env: Env) {
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? null,
    redisUrl: env.REDIS_URL ?? null,
    appEnv: env.APP_ENV,
    publicUrl,
    notificationsUrl: env.NOTIFICATIONS_URL ?? publicUrl,
    serverRole: env.SERVER_ROLE,
    logLevel: env.LOG_LEVEL,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    mailRatePerSecond: env.MAIL_RATE_PER_SECOND,
    mailWebhookSecret: env.MAIL_WEBHOOK_SECRET ?? null,
    mailLinkSecret: env.MAIL_LINK_SECRET ?? null,
    totpSecretKey: env.TOTP_SECRET_KEY ?? null,
    moderatorEmails: env.MODERATOR_EMAILS,
    adminEmails: env.ADMIN_EMAILS,
    google: oauthProvider(env, 'GOOGLE'),
    facebook: oauthProvider(env, 'FACEBOOK'),
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? {
            publicKey: env.VAPID_PUBLIC_KEY,
            privateKey: env.VAPID_PRIVATE_KEY,
            subject: env.VAPID_SUBJECT,
          }
        : null,
    vapidSubject: env.VAPID_SUBJECT,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    reportHoldThreshold: env.REPORT_HOLD_THRESHOLD,
    metricsToken: env.METRICS_TOKEN ?? null,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    eventDispatch: env.EVENT_DISPATCH === 'on',
    counterUpdateWindowMs: env.COUNTER_UPDATE_WINDOW_MS,
  }
}

export type Config = Readonly<ReturnType<typeof toConfig>>
export type AppEnv = Config['appEnv']

/** Thrown by loadConfig; `lines` holds one human line per bad variable, ready to print. */
export class InvalidEnvironmentError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'))
    this.name = 'InvalidEnvironmentError'
  }
}

/** Parses an environment (pure: pass process.env or a test object) into a frozen Config. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((name) => [name, env[name]?.trim() || undefined]),
  )
  const parsed = EnvSchema.safeParse(cleaned)
  const lines = new Map<string, string>()
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0])
      const value = cleaned[name]
      const shown =
        value === undefined || SECRETS.has(name) ? '' : ` (got "${withoutPassword(value)}")`
      if (!lines.has(name)) lines.set(name, `${name} ${issue.message}${shown}`)
    }
  }
  for (const [a, b] of pairs) {
    if (Boolean(cleaned[a]) !== Boolean(cleaned[b])) {
      const missing = cleaned[a] ? b : a
      lines.set(missing, `${missing} is required when ${missing === a ? b : a} is set`)
    }
  }
  if (lines.size > 0 || !parsed.success) {
    throw new InvalidEnvironmentError(
      [...lines.values()].map((line) => `Invalid environment: ${line}`),
    )
  }
  return deepFreeze(toConfig(parsed.data))
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}
