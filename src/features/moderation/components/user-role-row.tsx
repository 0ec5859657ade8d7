import type { AdminUser } from '@contract/moderation'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'

const ROLE_LABELS: Record<string, string> = {
  moderator: 'Moderator',
  admin: 'Admin',
  owner: 'Owner',
}

export function isModeratorRole(user: AdminUser): boolean {
  return user.roles.includes('moderator')
}

function isAdminRole(user: AdminUser): boolean {
  return user.roles.includes('admin') || user.roles.includes('owner')
}

type UserRoleRowProps = { user: AdminUser; isYou: boolean; onChange: () => void }

export function UserRoleRow({ user, isYou, onChange }: UserRoleRowProps) {
  const shown = user.roles.filter((role) => role in ROLE_LABELS)
  return (
    <ListItem
      divider
      secondaryAction={
        // Admins moderate already; admin itself is granted by deployment (docs/moderation.md).
        isYou || isAdminRole(user) ? null : (
          <Button
            onClick={onChange}
            aria-label={`${isModeratorRole(user) ? 'Revoke moderator from' : 'Make moderator:'} ${user.displayName}`}
          >
            {isModeratorRole(user) ? 'Revoke moderator' : 'Make moderator'}
          </Button>
        )
      }
    >
      <ListItemText
        primary={
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            component="span"
          >
            <span>
              {user.displayName}
              {isYou ? ' (You)' : ''}
            </span>
            {shown.map((role) => (
              <Chip key={role} label={ROLE_LABELS[role]} size="small" component="span" />
            ))}
            {user.suspendedUntil && (
              <Chip label="Suspended" size="small" color="warning" component="span" />
            )}
          </Stack>
        }
        secondary={user.email}
      />
    </ListItem>
  )
}
