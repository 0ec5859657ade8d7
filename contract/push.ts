import * as z from 'zod/mini'
import { NotificationSchema } from './notifications'

// Web Push (issue 7, DESIGN §6): the calls that register a device's push subscription and the
// payload the server encrypts to it. The endpoint and keys are what PushSubscription.toJSON()
// gives in the browser.

// base64url without padding, as browsers encode the subscription keys.
const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url'))

export const PushPublicKeySchema = z.object({
  /** The VAPID public key (base64url), the applicationServerKey of pushManager.subscribe. */
  publicKey: z.string(),
})
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>

export const PushEndpointSchema = z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))

export const PushSubscriptionBodySchema = z.object({
  endpoint: PushEndpointSchema,
  // A P-256 public key is 65 bytes (88 base64url chars); the auth secret is 16 bytes (22).
  keys: z.object({
    p256dh: base64url.check(z.minLength(80), z.maxLength(100)),
    auth: base64url.check(z.minLength(16), z.maxLength(32)),
  }),
  // Milliseconds since 1970, as PushSubscription gives it; the bound is the last valid Date.
  expirationTime: z.optional(z.nullable(z.number().check(z.nonnegative(), z.lte(8.64e15)))),
})
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>

export const PushUnsubscribeBodySchema = z.object({ endpoint: PushEndpointSchema })
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>

/**
 * Issue 42: a push's words in the member's language, worded by the server (the worker has no
 * catalogue): the title, the body and a reminder's action buttons.
 */
export const PushWordingSchema = z.object({
  title: z.string(),
  body: z.string(),
  actions: z.optional(z.array(z.object({ action: z.string(), title: z.string() }))),
})
export type PushWording = z.infer<typeof PushWordingSchema>

/** What the service worker's `push` event receives, decrypted. */
export const PushPayloadSchema = z.object({
  notification: z.extend(NotificationSchema, { type: z.string() }),
  /** Where the worker marks it read when clicked: the notifications host (NOTIFICATIONS_URL). */
  readUrl: z.url(),
  /** The community's notification icon (issue 38: its logo); absent from older servers. */
  icon: z.optional(z.string().check(z.regex(/^\/[^/]/, 'must be a path of the app'))),
  /** Issue 40: false when the member keeps words off their devices; the server sent none. */
  previews: z.optional(z.boolean()),
  /** Issue 42: the words to show; absent from older servers, where the worker words it in English. */
  wording: z.optional(PushWordingSchema),
})
export type PushPayload = z.infer<typeof PushPayloadSchema>

/** Seconds a push service keeps an undelivered message: a notification a day late is noise. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60
