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
import type { MessageId } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { useAuditLog } from '../api/get-audit-log'
import { TARGET_LABELS, formatDateTime } from '../moderation-text'
import { ROLE_WORDING } from '../role-wording'
import { LoadFailed } from './load-failed'
import { LoadingLine } from './loading-line'

type Translate = ReturnType<typeof useT>

const ACTION_LABELS: Record<AuditAction, MessageId> = {
  dismiss: 'Dismissed reports',
  remove: 'Removed (audit action)',
  restore: 'Restored (audit action)',
  suspend: 'Suspended (audit action)',
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
function actionText({ action, details }: AuditEntry, t: Translate): string {
  const { role } = details
  return isGrantableRole(role)
    ? t('Audit action naming a role', {
        action: t(ACTION_LABELS[action]),
        role: t(ROLE_WORDING[role].inSentence),
      })
    : t(ACTION_LABELS[action])
}

const TARGET_TYPE_LABELS: Record<NonNullable<AuditEntry['target']>['type'], MessageId> = {
  ...TARGET_LABELS,
  user: 'Member (audit target)',
  phrase: 'Phrase (audit target)',
  invite: 'Invite link (audit target)',
}

// Details are free-form per action (days of a suspension, the phrase…): shown as key: value,
// the server's own names.
function detailsText(details: AuditEntry['details']): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}: ${String(value as string | number | boolean)}`)
    .join(', ')
}

function targetText(target: AuditEntry['target'], t: Translate): string {
  if (!target) return '—'
  return target.type === 'phrase'
    ? t('Audit target: a phrase', { phrase: target.id })
    : t('Audit target: a kind and its id', {
        kind: t(TARGET_TYPE_LABELS[target.type]),
        id: target.id,
      })
}

/** /moderation/audit (admins): every moderation action, newest first; nothing here can be edited. */
export function AuditLogPage() {
  const t = useT()
  const language = useLanguage()
  const log = useAuditLog()
  const entries = log.data?.pages.flatMap((page) => page.items) ?? []
  if (log.isPending) return <LoadingLine label={t('Loading the audit log…')} />
  if (log.isError && !log.data) {
    return (
      <LoadFailed
        title={t('Could not load the audit log.')}
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    )
  }
  if (entries.length === 0)
    return <Typography color="textSecondary">{t('No moderation actions yet.')}</Typography>
  return (
    <Stack spacing={2}>
      {/* Wider than a phone: the row scrolls sideways, and a keyboard reaches it (axe). */}
      <TableContainer tabIndex={0} role="region" aria-label={t('Audit log')}>
        <Table size="small" aria-label={t('Audit log')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('When (audit log column)')}</TableCell>
              <TableCell>{t('Who (audit log column)')}</TableCell>
              <TableCell>{t('What (audit log column)')}</TableCell>
              <TableCell>{t('Target (audit log column)')}</TableCell>
              <TableCell>{t('Why (audit log column)')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>
                  <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                </TableCell>
                <TableCell>
                  {entry.actor ? <bdi>{entry.actor.displayName}</bdi> : t('Deleted account')}
                </TableCell>
                <TableCell>
                  {actionText(entry, t)}
                  {detailsText(entry.details) && (
                    // The action's recorded data as the server keeps it (`days: 7`): shown as
                    // data, not words, in every language.
                    <Typography variant="body2" color="textSecondary" component="code">
                      {detailsText(entry.details)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {targetText(entry.target, t)}
                </TableCell>
                <TableCell
                  dir={entry.reason ? 'auto' : undefined}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {entry.reason ?? '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {log.isFetchNextPageError && (
        <Typography role="alert" color="error">
          {t('Could not load more entries.')}
        </Typography>
      )}
      {log.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {log.isFetchingNextPage ? t('Loading…') : t('Load more')}
        </Button>
      )}
    </Stack>
  )
}
