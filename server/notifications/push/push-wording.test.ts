import { describe, expect, it } from 'vitest'
import type { PushPayload } from '@contract/push'
import { systemNotificationContent } from '@contract/system-notification'
import { pushWording } from './push-wording'

// Issue 42: the words a push carries. English must be what the service worker worded before
// (contract/system-notification.ts); other languages reword even what the server stored.
type Shown = PushPayload['notification']

const base: Shown = {
  notificationId: '0190b2c3-d4e5-7f60-8a9b-000000000001',
  type: 'PrayerReaction',
  title: 'Ana prayed for your intention',
  message: 'For my mother',
  createdAt: '2026-11-22T10:00:00.000Z',
  readAt: null,
  sourceUserDisplayName: 'Ana',
  sourceTestimonyId: null,
  sourceIntentionId: '0190b2c3-d4e5-7f60-8a9b-0000000000bb',
  data: null,
}
const shown = (overrides: Partial<Shown>): Shown => ({ ...base, ...overrides })

const NOTIFICATIONS: Shown[] = [
  base,
  shown({ type: 'PrayerAmenReaction' }),
  shown({ type: 'PrayerReaction', data: { reaction: 'amen' } }),
  shown({ type: 'IntentionComment', sourceUserDisplayName: null }),
  shown({ type: 'TestimonyEncouragement' }),
  shown({
    type: 'PrayerReminder',
    title: '3 requests on your prayer list are waiting',
    data: { waiting: 3 },
  }),
  shown({
    type: 'PrayerUpdate',
    title: 'Someone shared 2 updates on a request you prayed for',
    sourceUserDisplayName: 'Someone',
    data: { updates: 2 },
  }),
  shown({
    type: 'WeeklySummary',
    title: 'Your week in prayer',
    message:
      'This week 3 people prayed for your intentions and 1 prayer you prayed for was answered.',
    data: { people: 3, answered: 1 },
  }),
]

// Lines the server stores in English with a value in them (a room's name, a moderator's reason,
// a named testimony's title, a milestone's count).
const STORED_WITH_VALUES = {
  roomReminder: shown({
    type: 'RoomReminder',
    title: 'Rosary circle starts in 10 minutes',
    message: 'Every evening',
    sourceUserDisplayName: null,
    data: { roomId: 'room', startsAt: '2026-11-22T10:10:00.000Z' },
  }),
  removal: shown({
    type: 'ContentRemoved',
    title: 'A moderator removed your prayer room',
    message: 'Reason: Off topic',
    sourceUserDisplayName: null,
    data: { targetType: 'room', reason: 'Off topic' },
  }),
  restore: shown({
    type: 'ContentRestored',
    title: 'A moderator restored your prayer room',
    message: 'Rosary circle',
    sourceUserDisplayName: null,
    data: { targetType: 'room' },
  }),
  namedTestimony: shown({
    type: 'TestimonyCreated',
    title: 'New testimony',
    message: 'Ana shared a testimony about a prayer you prayed for: Healed after surgery',
  }),
  anonymousTestimony: shown({
    type: 'TestimonyCreated',
    title: 'New testimony',
    message: 'Someone shared a testimony about a prayer you prayed for',
    sourceUserDisplayName: 'Someone',
  }),
  encouragement: shown({
    type: 'TestimonyEncouragement',
    title: '5 people said Amen to your testimony',
    message: 'Your testimony has encouraged 5 people. Thank you for sharing it.',
    data: { amens: 5 },
  }),
}
NOTIFICATIONS.push(...Object.values(STORED_WITH_VALUES))

describe('pushWording', () => {
  it.each(NOTIFICATIONS.map((notification) => [notification.type, notification] as const))(
    'words %s in English as the worker did, with previews and without',
    (_, notification) => {
      for (const previews of [true, false]) {
        const { title, options } = systemNotificationContent(
          notification,
          'https://x.test/read',
          undefined,
          previews,
        )
        const wording = pushWording('en', notification, previews)
        expect(wording.title).toBe(title)
        expect(wording.body).toBe(options.body)
      }
    },
  )

  it('rewords stored titles from the row’s count and name, an anonymous author as “Alguien”', () => {
    expect(pushWording('es', NOTIFICATIONS[6]!, true).title).toBe(
      'Alguien compartió 2 actualizaciones de una intención por la que oraste',
    )
    expect(pushWording('fr', NOTIFICATIONS[3]!, true)).toEqual({
      title: 'Quelqu’un a commenté votre intention de prière',
      body: '',
    })
    expect(pushWording('pt-BR', NOTIFICATIONS[5]!, true).title).toBe(
      '3 pedidos de oração da sua lista estão esperando',
    )
    expect(pushWording('es', NOTIFICATIONS[7]!, true)).toEqual({
      title: 'Tu semana en oración',
      body: 'Esta semana 3 personas oraron por tus intenciones y 1 intención por la que oraste fue respondida.',
    })
  })

  it('rewords lines stored in English with a value: a room’s name, a reason, a named testimony', () => {
    const { roomReminder, removal, restore, namedTestimony, anonymousTestimony, encouragement } =
      STORED_WITH_VALUES
    expect(pushWording('es', roomReminder, true)).toEqual({
      title: 'Rosary circle empieza en 10 minutos',
      body: 'Every evening',
    })
    expect(pushWording('fr', removal, true)).toEqual({
      title: 'Un modérateur a retiré votre salle de prière',
      body: 'Motif\u00a0: Off topic',
    })
    expect(pushWording('pt-BR', restore, true).title).toBe(
      'Um moderador restaurou sua sala de oração',
    )
    expect(pushWording('es', namedTestimony, true).body).toBe(
      'Ana compartió un testimonio sobre una intención por la que oraste: Healed after surgery',
    )
    expect(pushWording('pt-BR', encouragement, true).body).toBe(
      'Seu testemunho incentivou 5 pessoas. Obrigado por compartilhá-lo.',
    )
    expect(pushWording('ar', roomReminder, true).title).toBe(
      'يحين موعد \u2068Rosary circle\u2069 بعد 10 دقائق',
    )
    expect(pushWording('ar', removal, true).body).toBe('السبب: \u2068Off topic\u2069')
    // An anonymous author's testimony is worded from a row that names no one.
    expect(pushWording('es', anonymousTestimony, true).body).toBe(
      'Alguien compartió un testimonio sobre una intención por la que oraste',
    )
  })

  it('isolates a name in an Arabic line, and labels a reminder’s buttons', () => {
    expect(pushWording('ar', base, true).title).toBe('\u2068Ana\u2069 صلّى من أجلك')
    expect(pushWording('ar', NOTIFICATIONS[5]!, false).actions).toEqual([
      { action: 'prayed', title: 'صلّيت' },
      { action: 'snooze', title: 'التذكير بعد ساعة' },
      { action: 'skip', title: 'ليس اليوم' },
    ])
  })
})

// Issue 47: a folded entry's push says how many, in the member's language, naming only who may be.
describe('folded entries', () => {
  const fold = (people: number, names: string[], count = people) => ({
    key: `PrayerReaction:${base.sourceIntentionId}`,
    count,
    people,
    names,
    since: base.createdAt,
  })

  it('name the newest member who may be named and count the others', () => {
    const folded = shown({ fold: fold(3, ['Ana']) })
    expect(pushWording('en', folded, true)).toEqual({
      title: 'Ana and 2 others prayed for your intention',
      body: 'For my mother',
    })
    expect(pushWording('es', folded, true).title).toBe(
      'Ana y 2 personas más oraron por tu intención',
    )
    // The name is isolated from the right-to-left words around it.
    expect(pushWording('ar', folded, true).title).toBe(
      '\u2068Ana\u2069 وشخصان آخران صلّوا من أجل طلب صلاتك',
    )
  })

  it('count members none of whom may be named, and comments by number', () => {
    const anonymous = shown({ type: 'CommentAmenReaction', fold: fold(2, []) })
    expect(pushWording('en', anonymous, true).title).toBe('2 people said Amen to your comment')
    const comments = shown({ type: 'IntentionComment', fold: fold(2, ['Ana'], 4) })
    expect(pushWording('pt-BR', comments, true).title).toBe(
      '4 novos comentários no seu pedido de oração',
    )
  })

  it('keep the single wording for one member, and no names without previews', () => {
    expect(pushWording('en', shown({ fold: fold(1, ['Ana'], 2) }), true).title).toBe(
      'Ana prayed for you',
    )
    expect(pushWording('en', shown({ fold: fold(3, ['Ana']) }), false)).toEqual({
      title: 'Someone prayed for your request',
      body: '',
    })
  })
})
