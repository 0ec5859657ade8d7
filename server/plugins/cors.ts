import fastifyCors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'

/**
 * The notifications service may live on its own host (NOTIFICATIONS_URL) and is called with the
 * session cookie, so CORS names the app's origins explicitly, with credentials; never `*`.
 */
export async function registerCors(app: FastifyInstance, config: Config) {
  const origins = [...new Set([config.publicUrl, config.notificationsUrl].map((url) => new URL(url).origin))]
  await app.register(fastifyCors, { origin: origins, credentials: true })
}
