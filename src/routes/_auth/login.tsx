import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { AuthPlaceholder } from '@/components/auth-placeholder'
import { lenient, localPathSchema } from '@/lib/search-params'

// spec 000 §2: /login stores the next target, default /prayerwall (stored by the accounts issue).
const loginSearchSchema = z.object({ next: lenient(localPathSchema) })

export const Route = createFileRoute('/_auth/login')({
  validateSearch: loginSearchSchema,
  component: () => <AuthPlaceholder title="Log in" purpose="Continue with email, Google or Facebook." />,
})
