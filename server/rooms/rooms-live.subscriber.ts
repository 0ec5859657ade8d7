import { RoomHubEvent } from '@contract/rooms'
import type { Subscriber } from '../events/subscriber'
import type { HubSender } from '../realtime/hub-sender'
import { roomGroup } from './room-presence'

/**
 * A close or a removal reaches the room's members on every process once it committed (issue
 * 21): the closed session's members are told and leave its roster; a removed member is told and
 * leaves it; a room a moderator removed is closed for everyone in it. A repeat tells them again
 * and finds them gone already.
 */
export function roomsLiveSubscriber(sender: HubSender): Subscriber {
  const closeForEveryone = async (roomId: string) => {
    await sender.sendToGroup(roomGroup(roomId), RoomHubEvent.RoomClosed, [{ roomId }])
    await sender.removeFromRoster(roomGroup(roomId), null)
  }
  return {
    name: 'rooms-live',
    on: {
      RoomClosed: ({ payload: { roomId } }) => closeForEveryone(roomId),
      // A moderator removed the room from the queue: its members are told as by a close.
      ContentRemoved: async ({ payload: { target } }) => {
        if (target.type === 'room') await closeForEveryone(target.id)
      },
      // Issue 40: the rooms of a deleted account.
      AccountClosed: async ({ payload }) => {
        for (const roomId of payload.roomIds) await closeForEveryone(roomId)
      },
      RoomMemberRemoved: async ({ payload: { roomId, userId } }) => {
        await sender.sendToUser(userId, RoomHubEvent.RoomRemoved, [{ roomId }])
        await sender.removeFromRoster(roomGroup(roomId), userId)
      },
    },
  }
}
