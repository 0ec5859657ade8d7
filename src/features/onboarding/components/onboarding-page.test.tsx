import { COUNTRIES } from '@contract/countries'
import type { Profile } from '@contract/users'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { deferredReply, fakeApi, type FakeRoute, problem } from '@/testing/fake-api'
import { theme } from '@/theme/theme'
import { OnboardingPage } from './onboarding-page'

const account: Profile = {
  user_id: 'u1',
  display_name: 'Gentle Dove',
  first_name: null,
  last_name: null,
  email: 'ann@example.org',
  email_verified: false,
  is_moderator: false,
  roles: ['member'],
  has_profile: false,
  onboarding_profile: null,
}

const socialAccount: Profile = {
  ...account,
  email: 'annie@gmail.test',
  onboarding_profile: {
    first_name: 'Annie',
    last_name: 'Lee',
    email: 'annie@gmail.test',
    provider: 'google',
    provider_user_id: 'g-1',
  },
}

function setup(me: Profile = account, routes: Record<string, FakeRoute> = {}) {
  const api = fakeApi({
    'GET /api/v1/users/me': { json: me },
    'GET /api/v1/users/display-name?gender=': {
      json: { displayName: 'Quiet Cedar', display_name: 'Quiet Cedar' },
    },
    'GET /api/v1/users/display-name?gender=female': {
      json: { displayName: 'Gentle Dove', display_name: 'Gentle Dove' },
    },
    'POST /api/v1/users/profile': ({ body }) => ({
      json: { ...me, ...(body as object), has_profile: true },
    }),
    ...routes,
  })
  const onSaved = vi.fn()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <OnboardingPage onSaved={onSaved} />
      </QueryClientProvider>
    </ThemeProvider>,
  )
  return { api, onSaved, user: userEvent.setup() }
}

type User = ReturnType<typeof userEvent.setup>

// Focused rather than clicked (a click lists all 249 options) and pasted rather than typed key by
// key: both only slow jsdom down.
async function typeCountry(user: User, text: string) {
  const country = await screen.findByRole('combobox', { name: /Country/ })
  act(() => country.focus())
  await user.paste(text)
}

async function fillValidForm(user: User, { skipNames = false } = {}) {
  if (!skipNames) {
    await user.type(await screen.findByLabelText(/First Name/), 'Ann')
    await user.type(screen.getByLabelText(/Last Name/), 'Lee')
  }
  await user.selectOptions(await screen.findByLabelText(/Gender/), 'Female')
  await typeCountry(user, 'Fran')
  await user.click(await screen.findByRole('option', { name: 'France' }))
  await user.selectOptions(screen.getByLabelText(/Month of Birth/), 'February')
  await user.type(screen.getByLabelText(/Day of Birth/), '29')
}

const submit = () => screen.getByRole('button', { name: 'Update profile and Continue' })

// Generous: the form is large and the test machine is shared.
describe('OnboardingPage', { timeout: 60_000 }, () => {
  it('checks the account first, then welcomes the user with a labelled, autofillable form', async () => {
    setup(socialAccount)
    expect(screen.getByRole('status')).toHaveTextContent('Checking your account…')
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Welcome, Annie!' }),
    ).toBeInTheDocument()

    const fields: [RegExp, string | null, string][] = [
      [/First Name/, 'given-name', 'Annie'],
      [/Last Name/, 'family-name', 'Lee'],
      [/Email Address/, 'email', 'annie@gmail.test'],
      [/Phone Number \(optional\)/, 'tel', ''],
      [/Month of Birth/, 'bday-month', ''],
      [/Day of Birth/, 'bday-day', ''],
    ]
    for (const [label, autocomplete, value] of fields) {
      const input = screen.getByLabelText(label)
      expect(input).toHaveAttribute('autocomplete', autocomplete)
      expect(input).toHaveValue(value)
    }
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveAttribute(
      'autocomplete',
      'country-name',
    )
    expect(
      within(screen.getByLabelText(/Gender/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a gender', 'Female', 'Male', 'Other', 'Prefer not to say'])
  })

  it('shows the assigned display name and asks again when the gender changes', async () => {
    const { api, user } = setup()
    expect(await screen.findByText('Quiet Cedar')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText(/Gender/), 'Female')
    expect(await screen.findByText('Gentle Dove')).toBeInTheDocument()
    expect(api.requests.map((r) => r.path)).toContain('/api/v1/users/display-name?gender=female')
  })

  it('says a display name will be assigned when none can be read', async () => {
    setup(account, { 'GET /api/v1/users/display-name?gender=': problem(500, 'internal_error') })
    expect(
      await screen.findByText(/A public display name will be assigned to you/),
    ).toBeInTheDocument()
  })

  it('an invalid submit only marks fields touched: every error shows, the first gets focus, nothing is sent', async () => {
    const { api, user } = setup()
    await screen.findByLabelText(/First Name/)
    expect(screen.queryByText('First name is required.')).toBeNull()

    await user.click(submit())

    const firstName = screen.getByLabelText(/First Name/)
    expect(firstName).toHaveFocus()
    expect(firstName).toHaveAccessibleDescription('First name is required.')
    expect(screen.getByLabelText(/Last Name/)).toHaveAccessibleDescription('Last name is required.')
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveAccessibleDescription(
      'Please select a country from the list.',
    )
    expect(screen.getByLabelText(/Day of Birth/)).toHaveAccessibleDescription(
      'Please enter a valid day (1–31) for the selected month.',
    )
    expect(api.sent('POST', '/api/v1/users/profile')).toHaveLength(0)
  })

  it('limits the day to the chosen month', async () => {
    const { user } = setup()
    await user.selectOptions(await screen.findByLabelText(/Month of Birth/), 'February')
    const day = screen.getByLabelText(/Day of Birth/)
    await user.type(day, '30')
    await user.tab()
    expect(day).toHaveAccessibleDescription(
      'Please enter a valid day (1–29) for the selected month.',
    )
    await user.selectOptions(screen.getByLabelText(/Month of Birth/), 'March')
    expect(day).not.toHaveAccessibleDescription()
  })

  it('refuses a country typed but not chosen from the list', async () => {
    const { user } = setup()
    await typeCountry(user, 'Atlantis')
    await user.tab()
    const country = screen.getByRole('combobox', { name: /Country/ })
    expect(country).toHaveAccessibleDescription('Please select a country from the list.')
    expect(country).toHaveValue('Atlantis')
  })

  it('offers the contract country list and picks by keyboard', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'Open' }))
    const names = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(names).toEqual(COUNTRIES.map((country) => country.name))

    await user.keyboard('{Escape}')
    await typeCountry(user, 'Irel')
    await user.keyboard('{Enter}')
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('Ireland')
  })

  it('saves the profile with the ISO2 country and hands the saved profile on', async () => {
    const { api, onSaved, user } = setup()
    await fillValidForm(user)
    await user.click(submit())

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce())
    const [request] = api.sent('POST', '/api/v1/users/profile')
    expect(request?.body).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.org',
      gender: 'female',
      country_iso2: 'FR',
      birth_month: 2,
      birth_day: 29,
      display_name: 'Gentle Dove',
    })
  })

  it.each([
    {
      case: 'a social email',
      me: socialAccount,
      edit: null,
      message:
        'This email is already used by an existing account. Sign in with your password to link, or use a different email.',
    },
    {
      case: 'a changed email',
      me: account,
      edit: 'ann@elsewhere.org',
      message: 'Email already in use. Sign in with this email or linked social, or try another.',
    },
  ])('blocks $case that is taken until the email changes', async ({ me, edit, message }) => {
    const { api, user } = setup(me, {
      'POST /api/v1/users/profile': problem(409, 'email_taken', 'Taken'),
    })
    await fillValidForm(user, { skipNames: me === socialAccount })
    const email = screen.getByLabelText(/Email Address/)
    if (edit) {
      await user.clear(email)
      await user.paste(edit)
    }
    await user.click(submit())

    await waitFor(() => expect(email).toHaveAccessibleDescription(message))
    expect(email).toHaveFocus()
    await user.click(submit())
    expect(api.sent('POST', '/api/v1/users/profile')).toHaveLength(1)

    await user.clear(email)
    await user.paste('ann.new@example.org')
    expect(email).not.toHaveAccessibleDescription()
  })

  it.each([
    {
      failure: 'a refused save',
      reply: problem(500, 'internal_error'),
      alert: 'Failed to save your profile. Please try again.',
    },
    {
      failure: 'an exception',
      reply: { status: 200, json: 'not a profile' },
      alert: 'An error occurred while saving your profile.',
    },
  ])('shows $failure and keeps everything typed', async ({ reply, alert }) => {
    const { onSaved, user } = setup(account, { 'POST /api/v1/users/profile': reply })
    await fillValidForm(user)
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent(alert)
    expect(onSaved).not.toHaveBeenCalled()
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann')
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('France')
  })

  it('disables the button while saving', async () => {
    const pending = deferredReply()
    const { user } = setup(account, { 'POST /api/v1/users/profile': pending.route })
    await fillValidForm(user)
    await user.click(submit())
    expect(submit()).toBeDisabled()
    pending.release({ json: { ...account, has_profile: true } })
    await waitFor(() => expect(submit()).toBeEnabled())
  })
})
