import {
  HubEvent,
  HubIntentionIdSchema,
  HubIntentionIdsSchema,
  HubMethod,
  type PresenceUpdateEvent,
} from '@contract/hub'
import type { HubConnection } from './connection'
import {
  HubMethodError,
  type HubMethodContext,
  type HubMethodHandler,
  parseHubArgument,
} from './hub-api'
import type { Presence } from './presence'
import { invocationRecord } from './protocol'

/** Whether a user may see an intention (the app checks visibility; spec 001 groups are private). */
export type CanWatch = (userId: string, intentionId: string) => boolean | Promise<boolean>

interface IntentionMethodsOptions {
  canWatch: CanWatch
  presence: Presence
  connection(connectionId: string): HubConnection | undefined
  publishPresence(intentionId: string, count: number): Promise<void>
  now: () => number
}

const group = (intentionId: string): string => `intention:${intentionId}`

// Built-in methods (contract/hub.ts, docs/realtime.md): watching intentions joins their groups,
// so the page receives their CounterUpdate and PresenceUpdate events.
export function createIntentionMethods(
  options: IntentionMethodsOptions,
): Record<string, HubMethodHandler> {
  const { canWatch, presence, now } = options

  const visible = async (context: HubMethodContext, intentionId: string): Promise<boolean> =>
    await canWatch(context.userId, intentionId)

  const presenceOf = (intentionId: string): PresenceUpdateEvent => ({
    intentionId,
    prayingNow: presence.total(intentionId),
  })

  return {
    async [HubMethod.WatchIntentions](context, ids) {
      const wanted = [...new Set(parseHubArgument(HubIntentionIdsSchema, ids))]
      const allowed = await Promise.all(wanted.map((id) => visible(context, id)))
      const watching = wanted.filter(
        (id, i) => allowed[i] && context.hub.addToGroup(context.connectionId, group(id)),
      )
      // The page shows who is praying right away instead of waiting for the next change.
      const connection = options.connection(context.connectionId)
      for (const id of watching) {
        const event = presenceOf(id)
        if (event.prayingNow > 0)
          connection?.send(invocationRecord(HubEvent.PresenceUpdate, [event]), now())
      }
      return { watching }
    },
    [HubMethod.UnwatchIntentions](context, ids) {
      for (const id of parseHubArgument(HubIntentionIdsSchema, ids))
        context.hub.removeFromGroup(context.connectionId, group(id))
    },
    async [HubMethod.StartPraying](context, intentionId) {
      const id = parseHubArgument(HubIntentionIdSchema, intentionId)
      const connection = options.connection(context.connectionId)
      if (!connection || !(await visible(context, id)))
        throw new HubMethodError('Intention not found.')
      connection.praying ??= new Set()
      if (connection.praying.has(id)) return presenceOf(id)
      connection.praying.add(id)
      const count = presence.start(context.userId, id)
      if (count !== null) await options.publishPresence(id, count)
      return presenceOf(id)
    },
    async [HubMethod.StopPraying](context, intentionId) {
      const id = parseHubArgument(HubIntentionIdSchema, intentionId)
      const connection = options.connection(context.connectionId)
      if (!connection?.praying?.delete(id)) return presenceOf(id)
      const count = presence.stop(context.userId, id)
      if (count !== null) await options.publishPresence(id, count)
      return presenceOf(id)
    },
  }
}
