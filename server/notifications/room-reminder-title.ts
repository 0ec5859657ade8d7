import { ROOM_REMINDER_LEAD_MINUTES } from '@contract/rooms'

// A Prayer Room's reminder is stored in English with the room's name in it; a push words it
// again in the member's language from the name this gives back (push-wording.ts).
const STARTS = ` starts in ${ROOM_REMINDER_LEAD_MINUTES} minutes`

/** The reminder's stored title: `Rosary circle starts in 10 minutes`. */
export const roomReminderTitle = (roomName: string) => `${roomName}${STARTS}`

/** The room's name in a stored reminder title, or '' when the title is not one. */
export const roomOfReminderTitle = (title: string) =>
  title.endsWith(STARTS) ? title.slice(0, -STARTS.length) : ''
