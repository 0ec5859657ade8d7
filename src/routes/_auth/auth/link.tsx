import { safeNextPath } from '@contract/auth'
import { createFileRoute, redirect } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { SocialLinkConfirmation } from '@/features/auth/components/social-link-confirmation'
import { ensureSession } from '@/lib/session'
import { lenient, localPathSchema } from '@/lib/search-params'

const linkSearchSchema = z.object({ next: lenient(localPathSchema) })

// docs/social-sign-in.md: the signed-in member confirms a waiting social link here, after the
// sign-in that proved the account. A visitor signs in first and comes back.
export const Route = createFileRoute('/_auth/auth/link')({
  validateSearch: linkSearchSchema,
  beforeLoad: async ({ context, location }) => {
    const session = await ensureSession(context.queryClient)
    if (!session.isAuthenticated) throw redirect({ to: '/login', search: { next: location.href } })
  },
  component: function SocialLinkRoute() {
    const { next } = Route.useSearch()
    return <SocialLinkConfirmation next={safeNextPath(next, '/prayerwall')} />
  },
})
