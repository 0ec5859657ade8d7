import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { COMMUNITY_MESSAGES } from '@contract/community'
import { fakeApi, type FakeRoute, signedInStaff } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

// Issue 38: /admin/community offers every rule key, by keyboard and by name, and shows the
// server's refusal of one at its field.
const SAVE = '/api/v1/admin/community'

function renderAdmin(routes: Record<string, FakeRoute>) {
  window.sessionStorage.clear()
  const api = fakeApi({
    ...signedInStaff('admin'),
    'GET /api/v1/community': { json: COMMUNITY_DEFAULTS },
    ...routes,
  })
  return { ...renderRoute('/admin/community'), api, user: userEvent.setup() }
}

describe('the community’s rules on /admin/community', () => {
  it('sends each rule the admin changed, numbers as numbers', async () => {
    const { user, api } = renderAdmin({
      [`PUT ${SAVE}`]: (request) => ({
        json: { ...COMMUNITY_DEFAULTS, ...(request.body as object) },
      }),
    })
    const join = await screen.findByRole('radiogroup', { name: 'Who may join' })
    expect(screen.getByRole('radio', { name: 'Anyone' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'Only with an invite link' }))
    expect(join).toBeInTheDocument()
    await user.click(
      screen.getByRole('radio', { name: 'A new member’s first posts are reviewed first' }),
    )
    const held = screen.getByRole('textbox', { name: 'First posts reviewed' })
    await user.clear(held)
    await user.type(held, '3')
    await user.click(screen.getByRole('switch', { name: 'Show prayer counts on the wall' }))
    await user.click(screen.getByRole('switch', { name: 'Allow anonymous posts' }))
    await user.click(screen.getByRole('radio', { name: 'After a number of days without activity' }))
    const days = screen.getByRole('textbox', { name: 'Days' })
    expect(days).toHaveValue('90')
    await user.clear(days)
    await user.type(days, '45')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved. Every page now shows it.')).toBeInTheDocument()
    expect(api.sent('PUT', SAVE)[0]?.body).toEqual({
      join: 'invite',
      publish: 'first_posts',
      first_posts_held: 3,
      show_prayer_counts: false,
      anonymous_posting: false,
      auto_close_days: 45,
    })
  })

  it('shows the server’s refusal of the days at that field, keeping what was typed', async () => {
    const { user } = renderAdmin({
      [`PUT ${SAVE}`]: {
        status: 400,
        json: {
          type: 'urn:problem:validation_error',
          title: 'validation_error',
          status: 400,
          detail: `auto_close_days: ${COMMUNITY_MESSAGES.autoCloseDays}`,
          errors: [{ field: 'auto_close_days', message: COMMUNITY_MESSAGES.autoCloseDays }],
        },
      },
    })
    await user.click(
      await screen.findByRole('radio', { name: 'After a number of days without activity' }),
    )
    const days = screen.getByRole('textbox', { name: 'Days' })
    await user.clear(days)
    await user.type(days, '7')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(COMMUNITY_MESSAGES.autoCloseDays)).toBeInTheDocument()
    expect(days).toHaveAccessibleDescription(COMMUNITY_MESSAGES.autoCloseDays)
    expect(days).toBeInvalid()
    expect(days).toHaveValue('7')
  })
})
