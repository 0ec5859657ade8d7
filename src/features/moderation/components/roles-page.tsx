import Button from '@mui/material/Button'
import List from '@mui/material/List'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { AdminUser } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import { useEffect, useState } from 'react'
import { useT } from '@/i18n/use-t'
import { useAdminUsers } from '../api/admin-users'
import { DeleteAccountDialog } from './delete-account-dialog'
import { LoadFailed } from './load-failed'
import { LoadingLine } from './loading-line'
import { type RoleChange, RoleChangeDialog } from './role-change-dialog'
import { UserRoleRow } from './user-role-row'
import { useProfile } from '@/lib/session'

const SEARCH_DELAY_MS = 300

/** /moderation/roles (admins): find a member, grant or revoke the moderator or room leader role. */
export function RolesPage() {
  const t = useT()
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [changing, setChanging] = useState<RoleChange | null>(null)
  const [deleting, setDeleting] = useState<AdminUser | null>(null)
  const [deleted, setDeleted] = useState<string | null>(null)
  const { profile } = useProfile()
  const users = useAdminUsers(search)
  const items = users.data?.pages.flatMap((page) => page.items) ?? []

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])

  return (
    <Stack spacing={2}>
      <TextField
        label={t('Search members')}
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        helperText={t('Display name or email')}
        sx={{ maxWidth: 420 }}
      />
      <div role="status">
        {deleted && (
          <Alert severity="success">
            {t('A member’s account was deleted.', { name: deleted })}
          </Alert>
        )}
      </div>
      {users.isPending && <LoadingLine label={t('Loading members…')} />}
      {users.isError && !users.data && (
        <LoadFailed
          title={t('Could not load members.')}
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      )}
      {users.isSuccess && items.length === 0 && (
        <Typography color="textSecondary">{t('No member matches a search', { search })}</Typography>
      )}
      <List aria-label={t('Members (list)')} aria-busy={users.isFetching}>
        {items.map((user) => (
          <UserRoleRow
            key={user.userId}
            user={user}
            isYou={user.userId === profile?.userId}
            onChange={(role) => setChanging({ user, role })}
            onDelete={() => setDeleting(user)}
          />
        ))}
      </List>
      {users.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void users.fetchNextPage()}
          disabled={users.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {users.isFetchingNextPage ? t('Loading…') : t('Load more')}
        </Button>
      )}
      <RoleChangeDialog change={changing} onClose={() => setChanging(null)} />
      <DeleteAccountDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(user) => setDeleted(user.displayName)}
      />
    </Stack>
  )
}
