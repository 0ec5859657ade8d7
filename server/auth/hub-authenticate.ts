import { MEMBERSHIP_MESSAGES, MembershipErrorCode } from '@contract/membership-errors'
import type { AppDependencies } from '../plugins/dependencies'
import type { HubAuthenticate } from '../realtime/auth'
import { sessionCookieName } from './session-cookie'
import { findSession } from './sessions'

/**
 * Who a hub connection is: the session its cookie names, as the API's session plugin reads it.
 * app.ts hands it to the hub (realtime/), which knows no sessions of its own.
 */
export function hubAuthenticate({
  config,
  db,
  now,
}: Pick<AppDependencies, 'config' | 'db' | 'now'>): HubAuthenticate {
  const cookie = sessionCookieName(config)
  return async ({ cookies }) => {
    const token = cookies[cookie]
    if (!token || token.length > 128) return null
    const found = await findSession(db, token, now())
    if (!found) return null
    // Issue 38: a member waiting for approval has no hub connection (the session plugin
    // refuses the hub's HTTP routes; this covers the WebSocket that skips negotiation).
    if (found.viewer.pending)
      return {
        refused: { code: MembershipErrorCode.pending, detail: MEMBERSHIP_MESSAGES.pending },
      }
    return { userId: found.viewer.userId, secondFactor: found.viewer.secondFactor }
  }
}
