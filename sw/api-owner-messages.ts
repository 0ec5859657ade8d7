import { SwMessage } from '@contract/service-worker'
import { PageToSwMessageSchema } from '@contract/service-worker-messages'
import { setApiOwner } from './api-owner'

/**
 * The page names who is signed in (sign-in, start-up) or that nobody is (logout, 401). The
 * answer on the message's port tells the page the other members' caches are gone.
 */
export function followApiOwner(event: ExtendableMessageEvent): void {
  const parsed = PageToSwMessageSchema.safeParse(event.data)
  if (!parsed.success) return
  const userId = parsed.data.type === SwMessage.setUser ? parsed.data.userId : null
  event.waitUntil(setApiOwner(userId).then(() => event.ports[0]?.postMessage({ done: true })))
}
