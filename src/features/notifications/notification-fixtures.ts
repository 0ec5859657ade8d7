import type { ClientNotification } from './api/get-notifications'

// Test data shaped exactly like the server's notifications (contract NotificationSchema).
let sequence = 0

export function aNotification(overrides: Partial<ClientNotification> = {}): ClientNotification {
  sequence += 1
  return {
    notificationId: `0190b2c3-d4e5-7f60-8a9b-${String(sequence).padStart(12, '0')}`,
    type: 'PrayerReaction',
    title: 'Gentle Dove prayed for your intention',
    message: 'Strength for the week ahead',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    sourceUserDisplayName: 'Gentle Dove',
    sourceTestimonyId: null,
    sourceIntentionId: `0190a1b2-c3d4-7e5f-8a9b-${String(sequence).padStart(12, '0')}`,
    data: null,
    ...overrides,
  }
}
