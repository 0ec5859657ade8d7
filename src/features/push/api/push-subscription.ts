import { PushPublicKeySchema } from '@contract/push'
import { apiFetch } from '@/lib/api-client'
import { systemNotificationsOn } from '../system-notifications'

// Web Push for this device (issue 7): subscribe with the server's VAPID key and register the
// subscription; turning off removes it from the server and from the browser.

function pushManagerOf(registration: ServiceWorkerRegistration | undefined): PushManager | null {
  return registration && 'pushManager' in registration ? registration.pushManager : null
}

/**
 * 'unavailable' when the browser cannot receive pushes (no PushManager, or its push service
 * refused: headless browsers, some privacy modes); throws when our server refused or was
 * unreachable, so the caller can say so.
 */
export async function subscribeThisDevice(): Promise<'subscribed' | 'unavailable'> {
  const pushManager = pushManagerOf(await navigator.serviceWorker.getRegistration())
  if (!pushManager) return 'unavailable'
  const { publicKey } = await apiFetch('/api/notifications/push-public-key', {
    host: 'notifications',
    schema: PushPublicKeySchema,
  })
  let subscription: PushSubscription
  try {
    subscription =
      (await pushManager.getSubscription()) ??
      (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }))
  } catch {
    return 'unavailable'
  }
  const { endpoint, keys } = subscription.toJSON()
  await apiFetch('/api/notifications/push-subscriptions', {
    method: 'POST',
    host: 'notifications',
    body: { endpoint, keys },
  })
  return 'subscribed'
}

/** Issue 13: pushManager.subscribe() never answers where no push service can be reached. */
export const PUSH_SUBSCRIBE_LIMIT_MS = 10_000

/**
 * subscribeThisDevice within PUSH_SUBSCRIBE_LIMIT_MS: 'subscribed', or 'unavailable' when the
 * browser, its push service or our server could not make it in time. Never waits longer.
 */
export async function tryPushSubscription(): Promise<'subscribed' | 'unavailable'> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<'unavailable'>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), PUSH_SUBSCRIBE_LIMIT_MS)
  })
  try {
    return await Promise.race([subscribeThisDevice().catch(() => 'unavailable' as const), limit])
  } finally {
    clearTimeout(timer)
  }
}

export async function unsubscribeThisDevice(): Promise<void> {
  const pushManager = pushManagerOf(await navigator.serviceWorker.getRegistration())
  const subscription = await pushManager?.getSubscription()
  if (!subscription) return
  await apiFetch('/api/notifications/push-subscriptions', {
    method: 'DELETE',
    host: 'notifications',
    body: { endpoint: subscription.endpoint },
  })
  await subscription.unsubscribe()
}

/**
 * At each page start of a member who turned system notifications on here: the server forgets a
 * device when its session ends (sign-out, expiry), so the next session registers it again.
 */
export async function renewPushSubscription(userId: string | null): Promise<void> {
  if (!userId || !systemNotificationsOn(userId)) return
  await tryPushSubscription()
}
