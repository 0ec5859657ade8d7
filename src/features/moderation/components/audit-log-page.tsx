import type { AuditAction, AuditEntry, GrantableRole } from '@contract/moderation'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useAuditLog } from '../api/get-audit-log'
import { formatDateTime } from '../moderation-text'
import { ROLE_WORDING } from '../role-wording'
import { LoadFailed } from './load-failed'
import { LoadingLine } from './loading-line'

const ACTION_LABELS: Record<AuditAction, string> = {
  dismiss: 'Dismissed reports',
  remove: 'Removed',
  restore: 'Restored',
  suspend: 'Suspended',
  unsuspend: 'Lifted suspension',
  blocklist_add: 'Blocked phrase',
  blocklist_remove: 'Unblocked phrase',
  role_grant: 'Granted',
  role_revoke: 'Revoked',
  community_update: 'Changed the community settings',
  invite_create: 'Created an invite link',
  invite_revoke: 'Revoked an invite link',
  approve: 'Approved a post waiting for review',
  member_approve: 'Approved a new member',
  member_reject: 'Rejected a new member (account deleted)',
  account_deleted: 'Deleted an account',
}

const isGrantableRole = (role: unknown): role is GrantableRole =>
  typeof role === 'string' && role in ROLE_WORDING

// A role change names its role ("Granted room leader"); entries from before issue 21 say
// moderator in their details too.
function actionText({ action, details }: AuditEntry): string {
  const { role } = details
  return isGrantableRole(role)
    ? `${ACTION_LABELS[action]} ${ROLE_WORDING[role].label.toLowerCase()}`
    : ACTION_LABELS[action]
}

const TARGET_TYPE_LABELS: Record<NonNullable<AuditEntry['target']>['type'], string> = {
  intention: 'Prayer',
  comment: 'Comment',
  testimony: 'Testimony',
  room: 'Prayer room',
  user: 'Member',
  phrase: 'Phrase',
  invite: 'Invite link',
}

// Details are free-form per action (days of a suspension, the phrase…): shown as key: value.
function detailsText(details: AuditEntry['details']): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}: ${String(value as string | number | boolean)}`)
    .join(', ')
}

function targetText(target: AuditEntry['target']): string {
  if (!target) return '—'
  return target.type === 'phrase'
    ? `Phrase “${target.id}”`
    : `${TARGET_TYPE_LABELS[target.type]} ${target.id}`
}

/** /moderation/audit (admins): every moderation action, newest first; nothing here can be edited. */
export function AuditLogPage() {
  const log = useAuditLog()
  const entries = log.data?.pages.flatMap((page) => page.items) ?? []
  if (log.isPending) return <LoadingLine label="Loading the audit log…" />
  if (log.isError && !log.data) {
    return <LoadFailed what="the audit log" error={log.error} onRetry={() => void log.refetch()} />
  }
  if (entries.length === 0)
    return <Typography color="textSecondary">No moderation actions yet.</Typography>
  return (
    <Stack spacing={2}>
      <TableContainer>
        <Table size="small" aria-label="Audit log">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>What</TableCell>
              <TableCell>Target</TableCell>
              <TableCell>Why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </TableCell>
                <TableCell>{entry.actor?.displayName ?? 'Deleted account'}</TableCell>
                <TableCell>
                  {actionText(entry)}
                  {detailsText(entry.details) && (
                    <Typography variant="body2" color="textSecondary">
                      {detailsText(entry.details)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{targetText(entry.target)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.reason ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {log.isFetchNextPageError && (
        <Typography role="alert" color="error">
          Could not load more entries.
        </Typography>
      )}
      {log.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </Stack>
  )
}
