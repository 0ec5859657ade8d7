import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { createFileRoute, notFound } from '@tanstack/react-router'

const providers = ['google', 'facebook'] as const
type Provider = (typeof providers)[number]

const isProvider = (value: string): value is Provider => (providers as readonly string[]).includes(value)

// spec 000 §2: relays the social login callback to the server once per state value (accounts
// issue) and meanwhile shows 'Finishing sign in…'. Unknown providers are a not-found page.
export const Route = createFileRoute('/_auth/auth/$provider/callback')({
  params: {
    parse: ({ provider }) => {
      if (!isProvider(provider)) throw notFound()
      return { provider }
    },
    stringify: ({ provider }) => ({ provider }),
  },
  component: FinishingSignIn,
})

function FinishingSignIn() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        Finishing sign in…
      </Typography>
      <CircularProgress aria-label="Finishing sign in" />
    </Stack>
  )
}
