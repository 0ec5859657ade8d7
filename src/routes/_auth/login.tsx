import { safeNextPath } from '@contract/auth'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as z from 'zod/mini'
import { LoginOptions } from '@/features/auth/components/login-options'
import { SavedWritesNotice } from '@/features/outbox/components/saved-writes-notice'
import { lenient, localPathSchema } from '@/lib/search-params'
import { readReturnPath, writeReturnPath } from '@/lib/session-storage'

// spec 000 §2: /login stores the next target, default /prayerwall (§9).
const loginSearchSchema = z.object({ next: lenient(localPathSchema) })

export const Route = createFileRoute('/_auth/login')({
  validateSearch: loginSearchSchema,
  component: LoginPage,
})

function LoginPage() {
  const { next: wanted } = Route.useSearch()
  // A link's own next wins; otherwise the page a forced logout interrupted.
  const next = safeNextPath(wanted ?? readReturnPath(), '/prayerwall')
  useEffect(() => writeReturnPath(next), [next])
  return (
    <>
      <SavedWritesNotice />
      <LoginOptions next={next} />
    </>
  )
}
