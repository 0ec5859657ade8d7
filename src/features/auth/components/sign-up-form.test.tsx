import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

async function openSignUp() {
  const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
  const view = renderRoute('/auth/signup')
  await screen.findByRole('heading', { level: 1, name: 'Create your account' })
  return { ...view, server, user: userEvent.setup() }
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  password = 'Quiet-Prayer-2026',
  confirm = password,
) {
  await user.click(screen.getByRole('textbox', { name: /Email address/ }))
  await user.paste('ann@example.org')
  await user.click(screen.getByLabelText(/^Password/))
  await user.paste(password)
  await user.click(screen.getByLabelText(/^Confirm password/))
  await user.paste(confirm)
  await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Privacy Policy' }))
}

describe('sign-up (spec 000 §4, §5, §8)', () => {
  it('ticks the live checklist rule by rule, in words as well as marks', async () => {
    const { user } = await openSignUp()
    const checklist = screen.getByRole('list')
    const item = (label: string) => within(checklist).getByText(label).closest('li')!
    expect(item('At least 12 characters')).toHaveTextContent('not met yet')

    await user.click(screen.getByLabelText(/^Password/))
    await user.paste('Abc1')
    expect(item('An uppercase letter')).toHaveTextContent('✓An uppercase letter: met')
    expect(item('A number')).toHaveTextContent(': met')
    expect(item('At least 12 characters')).toHaveTextContent('✗At least 12 characters: not met yet')
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-describedby', checklist.id)
  })

  it('shows every field message at once and focuses the first', async () => {
    const { user, server } = await openSignUp()
    await user.click(screen.getByLabelText(/^Password/))
    await user.paste('short')
    await user.click(screen.getByLabelText(/^Confirm password/))
    await user.paste('other')
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Password must be at least 12 characters and include upper, lower, and a number.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument()
    expect(
      screen.getByText('You must accept the Terms and Privacy Policy to continue.'),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Email address/ })).toHaveFocus(),
    )
    expect(server.callsTo('POST /auth/signup')).toHaveLength(0)
  })

  it.each([
    [
      'weak_password',
      'Password does not meet security requirements. Use at least 12 chars with upper, lower, and a number.',
    ],
    ['terms_required', 'You must accept the Terms and Privacy Policy to continue.'],
    ['password_mismatch', 'Passwords do not match.'],
    ['invalid_details', 'Please review your details and try again.'],
  ])('shows the message for a 400 titled %s', async (title, message) => {
    const { user, server } = await openSignUp()
    server.on('POST /auth/signup', () => problem(400, title, 'server wording'))
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('shows a listed password refused by the server under the password field, and focuses it', async () => {
    const { user, server } = await openSignUp()
    server.on('POST /auth/signup', () => problem(400, 'breached_password', 'server wording'))
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    const field = screen.getByLabelText(/^Password/)
    await waitFor(() => expect(field).toHaveFocus())
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(
        'This password is too common or has appeared in a data breach. Please choose a different one.',
      ),
    )
  })

  it('shows the generic message when the server fails otherwise', async () => {
    const { user, server } = await openSignUp()
    server.on('POST /auth/signup', () => problem(500, 'internal_error'))
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument()
  })

  it('sends the four fields and shows check-your-email on a 202', async () => {
    const { user, server, router } = await openSignUp()
    server.on('POST /auth/signup', () => new Response(null, { status: 202 }))
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/verify-email/result')
    expect(screen.getByText('ann@example.org')).toBeInTheDocument()
    expect(server.callsTo('POST /auth/signup')[0]!.body).toEqual({
      email: 'ann@example.org',
      password: 'Quiet-Prayer-2026',
      confirmPassword: 'Quiet-Prayer-2026',
      acceptTerms: true,
    })
  })
})
