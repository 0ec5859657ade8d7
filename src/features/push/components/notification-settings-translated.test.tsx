import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { NotificationSettingsPage } from './notification-settings-page'

beforeEach(() => {
  vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => undefined },
  })
})
afterEach(async () => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  await activateLanguage('en')
})

describe('the notification settings in the member’s language', () => {
  it('words the sections, the switches and the blocked note in Spanish', async () => {
    await activateLanguage('es')
    fakeApi({
      'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
      'GET /api/v1/users/me/': {
        json: { user_id: 'ann', display_name: 'Ann', email_verified: true },
      },
      'GET /api/v1/users/me/notification-settings': { json: { push: {}, quiet_hours: null } },
    })
    renderInRouter(NotificationSettingsPage)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ajustes de notificaciones' }),
    ).toBeVisible()
    expect(await screen.findByRole('group', { name: 'Mostrar en mis dispositivos' })).toBeVisible()
    const device = within(screen.getByRole('region', { name: 'Este dispositivo' }))
    expect(
      await device.findByRole('switch', { name: 'Notificaciones del sistema en este dispositivo' }),
    ).toBeDisabled()
    expect(device.getByText(/bloqueadas en los ajustes de tu navegador/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Guardar ajustes' })).toBeVisible()
  })
})
