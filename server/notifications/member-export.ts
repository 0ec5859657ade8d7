import type { MemberExporter } from '../users/member-export'
import { mutedIntentionIds, readNotificationSettings } from './notification-settings.service'

/** Issue 40: what reaches the member's devices, and the requests they muted. */
export const exportNotificationSettings: MemberExporter = async (db, userId) => {
  const [settings, muted] = await Promise.all([
    readNotificationSettings(db, userId),
    mutedIntentionIds(db, userId),
  ])
  return [
    {
      name: 'notification-settings.json',
      about:
        'Which notifications reach your devices, your quiet hours, whether they show a request’s words, and the requests you muted (by id).',
      content: { ...settings, muted_intention_ids: muted },
    },
  ]
}
