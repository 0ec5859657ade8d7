import type { DataExport } from '@contract/member-data'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import { apiUrl } from '@/lib/api-url'
import { formatDateTime } from '@/lib/date-formats'
import { dataExportQueryOptions, useRequestDataExport } from '../api/data-export'

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1048576).toFixed(1)} MB`

function ReadyArchive({ archive }: { archive: DataExport }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" href={apiUrl(archive.download_url!)} download>
        Download my data ({megabytes(archive.size_bytes ?? 0)})
      </Button>
      <Typography variant="body2" color="text.secondary">
        Ready since {formatDateTime(new Date(archive.ready_at!))}; the link works until{' '}
        {formatDateTime(new Date(archive.expires_at!))}, for you alone.
      </Typography>
    </Stack>
  )
}

/**
 * Issue 40: a zip of everything the member wrote and chose, made in the background. The member
 * may leave the page: they are told in the panel and by mail when it is ready.
 */
export function DataExportSection() {
  const status = useQuery(dataExportQueryOptions())
  const request = useRequestDataExport()
  if (status.isPending) return <CircularProgress aria-label="Loading your data archive" />
  if (status.isError) return <Alert severity="error">Could not check your data archive.</Alert>
  const archive = status.data.export
  const nextAt = status.data.next_request_at
  const refusal =
    request.error instanceof ApiError
      ? request.error.detail
      : request.isError && 'Could not ask for your data. Please try again.'

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        A zip of your requests (anonymous ones too), updates, comments, testimonies, the prayers and
        Amens you gave, your prayer list, groups, rooms, settings and signed-in devices: one file
        per kind, with a README. Nothing of other members beyond the ids of what you prayed for.
      </Typography>
      <div role="status">
        {archive?.state === 'building' && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>Making your archive. We will tell you when it is ready.</Typography>
          </Stack>
        )}
        {archive?.state === 'failed' && (
          <Alert severity="warning">Your archive could not be made. Please ask again.</Alert>
        )}
        {archive?.state === 'expired' && (
          <Typography color="text.secondary">Your last archive has expired.</Typography>
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
            {request.isPending ? 'Asking…' : 'Ask for my data'}
          </Button>
          {nextAt && (
            <Typography variant="body2" color="text.secondary">
              You can ask again after {formatDateTime(new Date(nextAt))}.
            </Typography>
          )}
        </Stack>
      )}
      {refusal && <Alert severity="error">{refusal}</Alert>}
    </Stack>
  )
}
