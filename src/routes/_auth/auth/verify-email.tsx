import { createFileRoute, redirect } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { EmailVerificationHelp } from '@/features/auth/components/email-verification-help'
import { lenient } from '@/lib/search-params'

const verifyEmailSearchSchema = z.object({ token: lenient(z.string()) })

// spec 000 §2 /auth/verify-email "Email verification". A mailed link with a token is the
// server's endpoint (the service worker and server send it there); should the app itself land
// here with one, /verify-email forwards it.
export const Route = createFileRoute('/_auth/auth/verify-email')({
  validateSearch: verifyEmailSearchSchema,
  beforeLoad: ({ search }) => {
    if (search.token) throw redirect({ to: '/verify-email', search: { token: search.token }, replace: true })
  },
  component: EmailVerificationHelp,
})
