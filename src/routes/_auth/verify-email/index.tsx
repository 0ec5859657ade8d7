import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as z from 'zod/mini'
import { useT } from '@/i18n/use-t'
import { apiUrl } from '@/lib/api-url'
import { lenient } from '@/lib/search-params'

const verifyEmailSearchSchema = z.object({ token: lenient(z.string()) })

// spec 000 §2: forwards the browser to the server's verify endpoint (GET /auth/verify-email,
// spec 000 §7), which answers with a redirect to the result page. No token: straight to the result.
export const Route = createFileRoute('/_auth/verify-email/')({
  validateSearch: verifyEmailSearchSchema,
  beforeLoad: ({ search }) => {
    if (!search.token)
      throw redirect({ to: '/verify-email/result', search: { verified: '0' }, replace: true })
  },
  component: ForwardToServer,
})

function ForwardToServer() {
  const t = useT()
  const { token } = Route.useSearch()
  useEffect(() => {
    if (token)
      window.location.replace(apiUrl(`/auth/verify-email?token=${encodeURIComponent(token)}`))
  }, [token])
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        {t('Verifying your email…')}
      </Typography>
      <CircularProgress aria-label={t('Verifying your email')} />
    </Stack>
  )
}
