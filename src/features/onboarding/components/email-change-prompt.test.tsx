import type { Profile } from '@contract/users'
import { EmailChangeMessage } from '@contract/users-email-change'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, type FakeRequest, problem } from '@/testing/fake-api'
import { theme } from '@/theme/theme'
import { OnboardingPage } from './onboarding-page'

// Issue 37: a verified email changes only with the current password, which the form asks for
// when the server does, keeping everything typed.
const verified: Profile = {
  user_id: 'u1',
  display_name: 'Gentle Dove',
  first_name: null,
  last_name: null,
  email: 'ann@example.org',
  pending_email: null,
  email_verified: true,
  is_moderator: false,
  roles: ['member'],
  has_profile: false,
  onboarding_profile: null,
}

function setup() {
  const saved = { ...verified, has_profile: true, pending_email: 'ann@elsewhere.org' }
  const api = fakeApi({
    'GET /api/v1/users/me': { json: verified },
    'GET /api/v1/users/display-name': {
      json: { displayName: 'Gentle Dove', display_name: 'Gentle Dove' },
    },
    'POST /api/v1/users/profile': ({ body }: FakeRequest) => {
      const password = (body as { current_password?: string }).current_password
      if (password === undefined)
        return problem(403, 'reauthentication_required', EmailChangeMessage.passwordRequired)
      if (password !== 'Right-password-1')
        return problem(403, 'reauthentication_failed', EmailChangeMessage.passwordWrong)
      return { json: saved }
    },
  })
  const onSaved = vi.fn()
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <OnboardingPage onSaved={onSaved} />
      </QueryClientProvider>
    </ThemeProvider>,
  )
  return { api, onSaved, user: userEvent.setup() }
}

describe('changing a verified email on the onboarding form', { timeout: 60_000 }, () => {
  it('asks for the current password, keeps what was typed, and sends it with the form', async () => {
    const { api, onSaved, user } = setup()
    await user.type(await screen.findByLabelText(/First Name/), 'Ann')
    await user.type(screen.getByLabelText(/Last Name/), 'Lee')
    const email = screen.getByLabelText(/Email Address/)
    await user.clear(email)
    await user.paste('ann@elsewhere.org')
    await user.selectOptions(screen.getByLabelText(/Gender/), 'Female')
    act(() => screen.getByRole('combobox', { name: /Country/ }).focus())
    await user.paste('Fran')
    await user.click(await screen.findByRole('option', { name: 'France' }))
    await user.selectOptions(screen.getByLabelText(/Month of Birth/), 'May')
    await user.type(screen.getByLabelText(/Day of Birth/), '4')
    const submit = screen.getByRole('button', { name: 'Update profile and Continue' })
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument()

    await user.click(submit)
    const password = await screen.findByLabelText(/Current password/)
    await waitFor(() => expect(password).toHaveFocus())
    expect(password).toHaveAccessibleDescription(EmailChangeMessage.passwordRequired)
    expect(password).toHaveAttribute('autocomplete', 'current-password')
    expect(email).toHaveValue('ann@elsewhere.org')
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann')
    expect(onSaved).not.toHaveBeenCalled()

    await user.type(password, 'Wrong-password-1')
    await user.click(submit)
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(EmailChangeMessage.passwordWrong),
    )
    expect(password).toHaveValue('Wrong-password-1')

    await user.clear(password)
    await user.type(password, 'Right-password-1')
    await user.click(submit)
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce())
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ pending_email: 'ann@elsewhere.org' })
    expect(api.sent('POST', '/api/v1/users/profile').at(-1)?.body).toMatchObject({
      first_name: 'Ann',
      email: 'ann@elsewhere.org',
      country_iso2: 'FR',
      birth_month: 5,
      birth_day: 4,
      current_password: 'Right-password-1',
    })
  })
})
