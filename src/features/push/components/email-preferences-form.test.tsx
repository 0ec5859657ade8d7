import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { NotificationSettingsPage } from './notification-settings-page'

// Issue 46: the settings screen's email section, saved with the member's other settings.
const SETTINGS = '/api/v1/users/me/notification-settings'
const SAVED = {
  push: { WeeklySummary: false },
  quiet_hours: null,
  previews: true,
  email: { activity: 'daily', weekly_digest: true, reminders: false, rooms: false },
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

describe('the email section of the notification settings', () => {
  it('shows the saved choices and saves them with the other settings unchanged', async () => {
    const api = fakeApi({
      'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
      'GET /api/v1/users/me/': {
        json: { user_id: 'ann', display_name: 'Ann', email_verified: true },
      },
      [`GET ${SETTINGS}`]: { json: SAVED },
      [`PUT ${SETTINGS}`]: ({ body }) => ({ json: body }),
    })
    renderInRouter(NotificationSettingsPage)
    const section = await screen.findByRole('region', { name: 'By email' })
    const activity = await within(section).findByRole('radiogroup', {
      name: 'Activity on my requests',
    })
    expect(
      within(activity).getByRole('radio', { name: 'In a daily digest, in the morning' }),
    ).toBeChecked()
    const weekly = within(section).getByRole('switch', { name: /^A weekly digest/ })
    expect(weekly).toBeChecked()

    await userEvent.click(within(activity).getByRole('radio', { name: 'At once, one mail each' }))
    await userEvent.click(weekly)
    await userEvent.click(
      within(section).getByRole('switch', { name: 'My prayer list reminders, at the times I set' }),
    )
    await userEvent.click(within(section).getByRole('button', { name: 'Save email preferences' }))

    expect(await within(section).findByText('Email preferences saved.')).toBeVisible()
    expect(api.sent('PUT', SETTINGS)[0]?.body).toEqual({
      ...SAVED,
      email: { activity: 'instant', weekly_digest: false, reminders: true, rooms: false },
    })
  })
})
