import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { DASHBOARD_CSV_PATH } from '@contract/dashboard'
import { ButtonLink } from '@/components/button-link'
import { isSecondFactorRequired, SecondFactorRequired } from '@/components/second-factor-required'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError, NetworkError } from '@/lib/api-client'
import { apiUrl } from '@/lib/api-url'
import { useDashboard } from '../api/get-dashboard'
import { FigureCard } from './figure-card'

/**
 * /admin (issue 38): the community's figures for its moderators and admins. Counts only; the
 * server refuses everyone else (403), and this page then says why.
 */
export function DashboardPage() {
  const t = useT()
  const query = useDashboard()
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('Dashboard')}
        </Typography>
        {query.isPending && (
          <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography>{t('Counting the community’s weeks…')}</Typography>
          </Stack>
        )}
        {query.isError && <LoadError error={query.error} onRetry={() => void query.refetch()} />}
        {query.data && (
          <>
            <Typography color="textSecondary">
              {t(
                'The last 12 weeks, each from Monday in {timeZone}. Counts only: nobody is named, and anonymous posts stay anonymous.',
                { timeZone: query.data.time_zone },
              )}
            </Typography>
            <Box>
              <Button variant="outlined" href={apiUrl(DASHBOARD_CSV_PATH)} download>
                {t('Download CSV')}
              </Button>
            </Box>
            <Box
              component="ul"
              aria-label={t('Figures')}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                // A list of cards on a phone, a grid from a tablet up.
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              }}
            >
              {query.data.figures.map((figure) => (
                <li key={figure.key}>
                  <FigureCard figure={figure} weeks={query.data.weeks} />
                </li>
              ))}
            </Box>
          </>
        )}
      </Stack>
    </Container>
  )
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT()
  if (isSecondFactorRequired(error)) return <SecondFactorRequired />
  if (error instanceof ApiError && error.status === 403)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          {t('Only the community’s moderators and administrators can open this page.')}
        </Typography>
        <ButtonLink to="/prayerwall" variant="outlined">
          {t('Back to the Prayer Wall')}
        </ButtonLink>
      </Stack>
    )
  const reason =
    error instanceof NetworkError
      ? t('The server could not be reached.')
      : error instanceof ApiError
        ? translateText(error.detail)
        : null
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('Try again')}
        </Button>
      }
    >
      {reason
        ? t('Could not load the dashboard. {reason}', { reason })
        : t('Could not load the dashboard.')}
    </Alert>
  )
}
