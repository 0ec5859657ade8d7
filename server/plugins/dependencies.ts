import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { ContentPolicy } from '../content-policy/content-policy'

/** What every capability's routes and services get: typed config, database and clock. */
export interface AppDependencies {
  config: Config
  db: Database
  /** Injected clock so tests control time (STYLE.md). */
  now: () => Date
  /** One per app, so a runtime blocklist change reaches every write (spec 001 §8). */
  contentPolicy: ContentPolicy
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies
  }
}

export function decorateDependencies(app: FastifyInstance, deps: AppDependencies) {
  app.decorate('deps', deps)
}
