import type { DataExport } from '@contract/member-data'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { apiUrl } from '@/lib/api-url'
import { dataExportQueryOptions, useRequestDataExport } from '../api/data-export'

/** The archive's size in the member's language's numbers ("1,5 Mo" in French, Intl's). */
function size(bytes: number, language: string) {
  const megabyte = 1024 * 1024
  const [value, unit] =
    bytes < megabyte
      ? [Math.max(1, Math.round(bytes / 1024)), 'kilobyte']
      : [bytes / megabyte, 'megabyte']
  // English keeps the screen's own "47 KB" (Intl writes "kB").
  if (language === 'en') return unit === 'kilobyte' ? `${value} KB` : `${value.toFixed(1)} MB`
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
    minimumFractionDigits: unit === 'megabyte' ? 1 : 0,
  }).format(value)
}

const dateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )

function ReadyArchive({ archive }: { archive: DataExport }) {
  const t = useT()
  const language = useLanguage()
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" href={apiUrl(archive.download_url!)} download>
        {t('Download my data ({size})', { size: size(archive.size_bytes ?? 0, language) })}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('Ready since {ready}; the link works until {expires}, for you alone.', {
          ready: dateTime(archive.ready_at!, language),
          expires: dateTime(archive.expires_at!, language),
        })}
      </Typography>
    </Stack>
  )
}

/**
 * Issue 40: a zip of everything the member wrote and chose, made in the background. The member
 * may leave the page: they are told in the panel and by mail when it is ready.
 */
export function DataExportSection() {
  const t = useT()
  const language = useLanguage()
  const status = useQuery(dataExportQueryOptions())
  const request = useRequestDataExport()
  if (status.isPending) return <CircularProgress aria-label={t('Loading your data archive')} />
  if (status.isError)
    return <Alert severity="error">{t('Could not check your data archive.')}</Alert>
  const archive = status.data.export
  const nextAt = status.data.next_request_at
  const refusal =
    request.error instanceof ApiError
      ? translateText(request.error.detail)
      : request.isError && t('Could not ask for your data. Please try again.')

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {t(
          'A zip of your requests (anonymous ones too), updates, comments, testimonies, the prayers and Amens you gave, your prayer list, groups, rooms, settings and signed-in devices: one file per kind, with a README. Nothing of other members beyond the ids of what you prayed for.',
        )}
      </Typography>
      <div role="status">
        {archive?.state === 'building' && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>{t('Making your archive. We will tell you when it is ready.')}</Typography>
          </Stack>
        )}
        {archive?.state === 'failed' && (
          <Alert severity="warning">{t('Your archive could not be made. Please ask again.')}</Alert>
        )}
        {archive?.state === 'expired' && (
          <Typography color="text.secondary">{t('Your last archive has expired.')}</Typography>
        )}
      </div>
      {archive?.state === 'ready' && <ReadyArchive archive={archive} />}
      {archive?.state !== 'building' && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant={archive?.state === 'ready' ? 'text' : 'outlined'}
            onClick={() => request.mutate()}
            disabled={request.isPending || nextAt !== null}
          >
            {request.isPending ? t('Asking…') : t('Ask for my data')}
          </Button>
          {nextAt && (
            <Typography variant="body2" color="text.secondary">
              {t('You can ask again after {when}.', { when: dateTime(nextAt, language) })}
            </Typography>
          )}
        </Stack>
      )}
      {refusal && <Alert severity="error">{refusal}</Alert>}
    </Stack>
  )
}
