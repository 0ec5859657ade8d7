import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { aNotification } from '../notification-fixtures'
import { formatNotificationTime } from '../relative-time'
import { NOTIFICATIONS, notificationsServer, openApp } from './notifications.fixture'

describe('the notifications panel in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words the panel and a notification in Spanish, the actor’s name as it is', async () => {
    await activateLanguage('es')
    const prayed = aNotification({ type: 'PrayerReaction', sourceUserDisplayName: 'Gentle Dove' })
    const nameless = aNotification({ type: 'PrayerCandleReaction', sourceUserDisplayName: null })
    const { user } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({
        pages: { first: [prayed, nameless] },
        unreadCount: () => 2,
      }),
    })
    await user.click(await screen.findByRole('button', { name: /^Notificaciones/ }))
    const panel = within(await screen.findByRole('dialog', { name: 'Notificaciones' }))
    expect(await panel.findByText('2 notificaciones sin leer')).toBeVisible()
    expect(panel.getByRole('button', { name: /^No leída: Gentle Dove oró por ti/ })).toBeVisible()
    expect(
      panel.getByRole('button', { name: /^No leída: Alguien encendió una vela/ }),
    ).toBeVisible()
    expect(panel.getAllByText('en tu intención.')).toHaveLength(2)
    expect(panel.getByRole('button', { name: 'Marcar todas como leídas' })).toBeVisible()
  })

  it('counts unread notifications with Arabic plural forms', async () => {
    await activateLanguage('ar')
    const eleven = Array.from({ length: 3 }, () => aNotification())
    const { user } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: eleven }, unreadCount: () => 11 }),
    })
    await user.click(await screen.findByRole('button', { name: /^الإشعارات/ }))
    const panel = within(await screen.findByRole('dialog', { name: 'الإشعارات' }))
    expect(await panel.findByText(/^(11|١١) إشعارًا غير مقروء$/)).toBeVisible()
  })

  it('says how long ago in the reader’s language', async () => {
    await activateLanguage('fr')
    const now = new Date('2026-11-29T12:00:00Z')
    expect(formatNotificationTime('2026-11-29T11:55:00Z', now, 'fr')).toBe('il y a 5 minutes')
    expect(formatNotificationTime('2026-11-29T11:59:50Z', now, 'fr')).toBe('à l’instant')
  })
})
