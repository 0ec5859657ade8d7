import { SwMessage } from '@contract/service-worker'
import { z } from 'zod/mini'
import { setApiOwner } from './api-owner'

const OwnerMessageSchema = z.union([
  z.object({ type: z.literal(SwMessage.setUser), userId: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal(SwMessage.clearUser) }),
])

/**
 * The page names who is signed in (sign-in, start-up) or that nobody is (logout, 401). The
 * answer on the message's port tells the page the other members' caches are gone.
 */
export function followApiOwner(event: ExtendableMessageEvent): void {
  const parsed = OwnerMessageSchema.safeParse(event.data)
  if (!parsed.success) return
  const userId = parsed.data.type === SwMessage.setUser ? parsed.data.userId : null
  event.waitUntil(setApiOwner(userId).then(() => event.ports[0]?.postMessage({ done: true })))
}
