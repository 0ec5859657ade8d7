import * as z from 'zod/mini'
import { SwMessage } from './service-worker'

// What the service worker accepts from pages. zod/mini keeps the worker's bundle small; only the
// service worker imports this file, so the page never loads it (it has the types in
// service-worker.ts).

/** The page names who is signed in, or that nobody is. */
export const PageToSwMessageSchema = z.union([
  z.object({ type: z.literal(SwMessage.setUser), userId: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal(SwMessage.clearUser) }),
])

/** workbox-window's messageSkipWaiting() posts exactly this shape. */
export const SkipWaitingMessageSchema = z.object({ type: z.literal('SKIP_WAITING') })
