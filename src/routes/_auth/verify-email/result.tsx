import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { VerifyEmailResult } from '@/features/auth/components/verify-email-result'
import { lenient } from '@/lib/search-params'

// `verified=1` is success; otherwise a verifyRequired navigation state (from sign-up) shows
// "check your email", and anything else (0, missing, garbage) the invalid/expired page.
const verifyResultSearchSchema = z.object({ verified: lenient(z.string()) })

export const Route = createFileRoute('/_auth/verify-email/result')({
  validateSearch: verifyResultSearchSchema,
  component: function VerifyEmailResultRoute() {
    const { verified } = Route.useSearch()
    return <VerifyEmailResult verified={verified === '1'} />
  },
})
