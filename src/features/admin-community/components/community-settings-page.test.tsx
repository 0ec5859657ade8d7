import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

const COMMUNITY = '/api/v1/community'
const SAVE = '/api/v1/admin/community'

function renderAs(role: 'member' | 'admin', routes: Record<string, FakeRoute>) {
  window.sessionStorage.clear()
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: '0190f6f0-0000-7000-8000-00000000000a',
        display_name: 'Gentle Dove',
        email: 'dove@example.org',
        email_verified: true,
        is_moderator: role !== 'member',
        roles: role === 'member' ? ['member'] : ['member', role],
      },
    },
    [`GET ${COMMUNITY}`]: { json: COMMUNITY_DEFAULTS },
    ...routes,
  })
  return { ...renderRoute('/admin/community'), api, user: userEvent.setup() }
}

describe('the community settings screen (issue 38)', () => {
  it('sends only what the admin changed and says it is saved', async () => {
    const { user, api } = renderAs('admin', {
      [`PUT ${SAVE}`]: (request) => ({
        json: { ...COMMUNITY_DEFAULTS, ...(request.body as object) },
      }),
    })
    const name = await screen.findByRole('textbox', { name: 'Name' })
    expect(name).toHaveValue('Prayer Community')
    await user.clear(name)
    await user.type(name, 'St Mary’s Parish')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved. Every page now shows it.')).toBeInTheDocument()
    expect(api.sent('PUT', SAVE)[0]?.body).toEqual({ name: 'St Mary’s Parish' })
  })

  it('sets the community’s default language (issue 42) from a menu of the app’s languages', async () => {
    const { user, api } = renderAs('admin', {
      [`PUT ${SAVE}`]: (request) => ({
        json: { ...COMMUNITY_DEFAULTS, ...(request.body as object) },
      }),
    })
    const language = await screen.findByRole('combobox', { name: 'Default language' })
    expect(language).toHaveValue('en')
    expect(within(language).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      'Español',
      'Português (Brasil)',
      'Français',
      'العربية',
    ])
    await user.selectOptions(language, 'pt-BR')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved. Every page now shows it.')).toBeInTheDocument()
    expect(api.sent('PUT', SAVE)[0]?.body).toEqual({ default_language: 'pt-BR' })
  })

  it('shows each field’s refusal at the field and keeps everything typed', async () => {
    const { user } = renderAs('admin', {
      [`PUT ${SAVE}`]: {
        status: 400,
        json: {
          type: 'about:blank',
          title: 'validation_error',
          status: 400,
          detail: 'Some fields are not valid.',
          errors: [
            { field: 'name', message: 'Please enter a name; spaces alone are not a name.' },
            { field: 'theme_color', message: 'White text on this colour is hard to read.' },
          ],
        },
      },
    })
    const name = await screen.findByRole('textbox', { name: 'Name' })
    const colour = screen.getByRole('textbox', { name: 'Theme colour' })
    await user.clear(name)
    await user.type(name, '   ')
    await user.clear(colour)
    await user.type(colour, '#f5d76e')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('Please enter a name; spaces alone are not a name.'),
    ).toBeInTheDocument()
    expect(name).toHaveAccessibleDescription('Please enter a name; spaces alone are not a name.')
    expect(name).toBeInvalid()
    expect(colour).toHaveAccessibleDescription('White text on this colour is hard to read.')
    expect(name).toHaveValue('   ')
    expect(colour).toHaveValue('#f5d76e')
    expect(screen.getByText(/Nothing was saved/)).toBeInTheDocument()
  })

  it('tells a member the page is for administrators', async () => {
    renderAs('member', {})
    const main = await screen.findByRole('heading', { name: 'Not allowed' })
    expect(within(main.parentElement!).getByText(/Only the community’s/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument()
  })
})
