import * as z from 'zod/mini'

// The intentions the member muted ("Mute this request"; GET /api/v1/users/me/muted-intentions),
// for the card menus and the page. Apart from the notification settings: the wall's first screen
// reads it, and the settings' schemas (email preferences, notification types) would weigh on
// that screen (issue 47's budget).
export const MutedIntentionsSchema = z.object({ intention_ids: z.array(z.string()) })
export type MutedIntentions = z.infer<typeof MutedIntentionsSchema>
