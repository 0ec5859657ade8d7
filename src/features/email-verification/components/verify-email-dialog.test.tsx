import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { deferredReply, fakeApi, problem } from '@/testing/fake-api'
import { VerifyEmailDialog } from './verify-email-dialog'

function setup(route: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ 'POST /auth/resend-verification': route })
  const onContinue = vi.fn()
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <VerifyEmailDialog email="ann@example.org" onContinue={onContinue} />
      </QueryClientProvider>
    </StrictMode>,
  )
  return { api, onContinue, user: userEvent.setup() }
}

describe('VerifyEmailDialog (spec 000 §2, §4)', () => {
  it('requests one verification email, says so while sending, then confirms it', async () => {
    const pending = deferredReply()
    const { api } = setup(pending.route)
    const dialog = screen.getByRole('dialog', { name: 'Verify your email' })
    expect(dialog).toHaveTextContent('Sending verification email…')

    pending.release({ status: 202 })
    expect(
      await screen.findByText(
        'We sent a verification link to your email. You can access all features after verifying.',
      ),
    ).toBeInTheDocument()
    expect(api.sent('POST', '/auth/resend-verification')).toEqual([
      expect.objectContaining({ body: { email: 'ann@example.org' } }),
    ])
  })

  it('does not claim a mail was sent when the request failed', async () => {
    setup(problem(500, 'internal_error'))
    expect(await screen.findByText(/could not send the verification email/)).toBeInTheDocument()
    expect(screen.queryByText(/We sent a verification link/)).toBeNull()
  })

  it('continues to the prayer wall', async () => {
    const { onContinue, user } = setup({ status: 202 })
    await user.click(screen.getByRole('button', { name: 'Continue to prayerwall' }))
    expect(onContinue).toHaveBeenCalledOnce()
  })
})
