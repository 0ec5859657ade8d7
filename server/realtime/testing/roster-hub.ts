import type { Backplane } from '../backplane'
import type { HubMethodHandler } from '../hub-api'
import { startHubServer } from '../hub-test-server'

// A hub test server whose clients enter and leave rosters by hand (the app's prayer rooms do it
// in JoinRoom); each change reaches the group's members as `Roster { group, count, names }`.
export const ROSTER_EVENT = 'Roster'

const methods: Record<string, HubMethodHandler> = {
  Enter: ({ hub, connectionId, userId }, group, seen) =>
    hub.joinRoster(connectionId, String(group), { name: `name of ${userId}`, seen: seen === true }),
  Exit: ({ hub, connectionId }, group) => hub.leaveRoster(connectionId, String(group)),
}

export async function startRosterHub(backplane: Backplane) {
  const server = await startHubServer({ backplane, methods })
  server.app.hub.onRosterChange('room:', (group, members) => ({
    target: ROSTER_EVENT,
    args: [
      {
        group,
        count: members.length,
        names: members.filter((member) => member.seen).map((member) => member.name),
      },
    ],
  }))
  return server
}
