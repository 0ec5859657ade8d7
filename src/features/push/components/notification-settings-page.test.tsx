import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { NotificationSettingsPage } from './notification-settings-page'

// Issue 13's settings screen: the groups as people think of them, quiet hours on a chosen
// clock, saved whole to the server; a refusal names the field and keeps what was typed.

const SETTINGS = '/api/v1/users/me/notification-settings'

function serverWith(saved: object, put: Parameters<typeof fakeApi>[0][string] = { json: saved }) {
  return fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: { user_id: 'ann', display_name: 'Ann', email_verified: true },
    },
    [`GET ${SETTINGS}`]: { json: saved },
    [`PUT ${SETTINGS}`]: put,
  })
}

beforeEach(() => {
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => undefined },
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('the notification settings screen', () => {
  it('shows the saved choices and saves a group turned off and quiet hours, whole', async () => {
    const api = serverWith({ push: { WeeklySummary: false }, quiet_hours: null })
    renderInRouter(NotificationSettingsPage)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notification settings' }),
    ).toBeVisible()
    const groups = await screen.findByRole('group', { name: 'Show on my devices' })
    expect(within(groups).getByRole('switch', { name: 'Weekly summary' })).not.toBeChecked()
    expect(within(groups).getByRole('switch', { name: 'Amens' })).toBeChecked()
    expect(
      await screen.findByRole('switch', { name: 'System notifications on this device' }),
    ).not.toBeChecked()
    expect(
      screen.getByRole('switch', { name: 'Also while the app is open in front' }),
    ).not.toBeChecked()

    await userEvent.click(within(groups).getByRole('switch', { name: 'Amens' }))
    await userEvent.click(within(groups).getByRole('switch', { name: 'Weekly summary' }))
    await userEvent.click(
      screen.getByRole('switch', { name: /^Nothing on my devices during quiet hours/ }),
    )
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Time zone' }),
      'Europe/Rome',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))

    expect(await screen.findByText('Settings saved.')).toBeVisible()
    expect(api.sent('PUT', SETTINGS)[0]?.body).toEqual({
      push: { PrayerAmenReaction: false },
      quiet_hours: { from: '22:00', to: '07:00', time_zone: 'Europe/Rome' },
      previews: true,
    })
  })

  it('keeps the request’s words off the lock screen when previews are turned off', async () => {
    const api = serverWith({ push: {}, quiet_hours: null, previews: true })
    renderInRouter(NotificationSettingsPage)
    const previews = await screen.findByRole('switch', {
      name: "Show the request's words in notifications",
    })
    expect(previews).toBeChecked()
    expect(previews).toHaveAccessibleDescription(/never a request’s words or anyone’s name/)
    await userEvent.click(previews)
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Settings saved.')).toBeVisible()
    expect(api.sent('PUT', SETTINGS)[0]?.body).toEqual({
      push: {},
      quiet_hours: null,
      previews: false,
    })
  })

  it('says which field the server refused', async () => {
    serverWith(
      { push: {}, quiet_hours: null },
      {
        status: 400,
        json: {
          type: 'about:blank',
          title: 'validation_error',
          status: 400,
          detail: 'quiet_hours.time_zone: must be an IANA time zone such as Europe/Rome',
          errors: [
            {
              field: 'quiet_hours.time_zone',
              message: 'must be an IANA time zone such as Europe/Rome',
            },
          ],
        },
      },
    )
    renderInRouter(NotificationSettingsPage)
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }))
    expect(
      await screen.findByText(/quiet_hours\.time_zone: must be an IANA time zone/),
    ).toBeVisible()
    await waitFor(() => expect(screen.queryByText('Settings saved.')).toBeNull())
  })
})
