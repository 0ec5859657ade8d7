import Button from '@mui/material/Button'
import List from '@mui/material/List'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { ACCOUNT_DELETION_MESSAGES } from '@contract/account-deletion'
import type { AdminUser } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import { useEffect, useState } from 'react'
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
        label="Search members"
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        helperText="Display name or email"
        sx={{ maxWidth: 420 }}
      />
      <div role="status">
        {deleted && (
          <Alert severity="success">{ACCOUNT_DELETION_MESSAGES.adminDeleted(deleted)}</Alert>
        )}
      </div>
      {users.isPending && <LoadingLine label="Loading members…" />}
      {users.isError && !users.data && (
        <LoadFailed what="members" error={users.error} onRetry={() => void users.refetch()} />
      )}
      {users.isSuccess && items.length === 0 && (
        <Typography color="textSecondary">No member matches “{search}”.</Typography>
      )}
      <List aria-label="Members" aria-busy={users.isFetching}>
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
          {users.isFetchingNextPage ? 'Loading…' : 'Load more'}
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
