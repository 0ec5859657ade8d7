import { ACCOUNT_DELETION_MESSAGES } from '@contract/account-deletion'
import { type AdminUser, GRANTABLE_ROLES, type GrantableRole } from '@contract/moderation'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import { translateText, type MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ROLE_WORDING } from '../role-wording'

const ROLE_LABELS: Record<string, MessageId> = {
  moderator: ROLE_WORDING.moderator.label,
  room_leader: ROLE_WORDING.room_leader.label,
  admin: 'Admin (role)',
  owner: 'Owner (role)',
}

function isAdminRole(user: AdminUser): boolean {
  return user.roles.includes('admin') || user.roles.includes('owner')
}

type UserRoleRowProps = {
  user: AdminUser
  isYou: boolean
  onChange: (role: GrantableRole) => void
  /** Issue 40: delete the member's account (with a reason, in a dialog). */
  onDelete: () => void
}

export function UserRoleRow({ user, isYou, onChange, onDelete }: UserRoleRowProps) {
  const t = useT()
  const deleteAccount = translateText(ACCOUNT_DELETION_MESSAGES.adminButton)
  const shown = user.roles.filter((role) => role in ROLE_LABELS)
  // Admins moderate already; admin itself is granted by deployment (docs/moderation.md).
  const changeable = !isYou && !isAdminRole(user)
  return (
    <ListItem divider sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
      <ListItemText
        primary={
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            component="span"
          >
            <span>{isYou ? t('Name (You)', { name: user.displayName }) : user.displayName}</span>
            {shown.map((role) => (
              <Chip
                key={role}
                label={t(ROLE_LABELS[role] as MessageId)}
                size="small"
                component="span"
              />
            ))}
            {user.suspendedUntil && (
              <Chip
                label={t('Suspended (member chip)')}
                size="small"
                color="warning"
                component="span"
              />
            )}
          </Stack>
        }
        secondary={user.email}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
      {changeable && (
        // Under the name rather than beside it: two buttons and a name share a 320 px screen.
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 1, mx: -1 }}>
          {GRANTABLE_ROLES.map((role) => {
            const held = user.roles.includes(role)
            const wording = ROLE_WORDING[role]
            return (
              <Button
                key={role}
                onClick={() => onChange(role)}
                aria-label={t(held ? wording.revokeFrom : wording.makeFor, {
                  name: user.displayName,
                })}
                sx={{ minHeight: 44 }}
              >
                {t(held ? wording.revoke : wording.make)}
              </Button>
            )
          })}
          <Button
            color="error"
            onClick={onDelete}
            aria-label={t('Delete a member’s account (button)', {
              action: deleteAccount,
              name: user.displayName,
            })}
            sx={{ minHeight: 44 }}
          >
            {deleteAccount}
          </Button>
        </Stack>
      )}
    </ListItem>
  )
}
