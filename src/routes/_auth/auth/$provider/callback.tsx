import { createFileRoute, notFound } from '@tanstack/react-router'
import { SocialCallback } from '@/features/auth/components/social-callback'

const providers = ['google', 'facebook'] as const
type Provider = (typeof providers)[number]

const isProvider = (value: string): value is Provider => (providers as readonly string[]).includes(value)

// spec 000 §2: relays the social login callback to the server once per state value and
// meanwhile shows 'Finishing sign in…'. Unknown providers are a not-found page.
export const Route = createFileRoute('/_auth/auth/$provider/callback')({
  params: {
    parse: ({ provider }) => {
      if (!isProvider(provider)) throw notFound()
      return { provider }
    },
    stringify: ({ provider }) => ({ provider }),
  },
  component: function SocialCallbackRoute() {
    const { provider } = Route.useParams()
    return <SocialCallback provider={provider} />
  },
})
