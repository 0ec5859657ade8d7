import type { AccountSession } from '@contract/account'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatFullDate } from '@/lib/date-formats'
import { accountSessionsQueryOptions, useSignOutDevices } from '../api/account-sessions'

function DeviceItem({
  session,
  onSignOut,
  busy,
}: {
  session: AccountSession
  onSignOut: () => void
  busy: boolean
}) {
  const lastActive = formatFullDate(new Date(session.last_active_at))
  const title = session.current ? `${session.device} (this device)` : session.device
  return (
    <ListItem
      divider
      secondaryAction={
        !session.current && (
          <Button
            onClick={onSignOut}
            disabled={busy}
            aria-label={`Sign out ${session.device}, last active ${lastActive}`}
          >
            Sign out
          </Button>
        )
      }
    >
      <ListItemText
        primary={title}
        secondary={`Signed in ${formatFullDate(new Date(session.created_at))} · Last active ${lastActive}`}
      />
    </ListItem>
  )
}

/** Issue 39: every signed-in session of the account, and signing one or all others out. */
export function DevicesList() {
  const sessions = useQuery(accountSessionsQueryOptions())
  const signOut = useSignOutDevices()
  const [notice, setNotice] = useState<string | null>(null)
  if (sessions.isPending) return <CircularProgress aria-label="Loading your devices" />
  if (sessions.isError) return <Alert severity="error">Could not load your devices.</Alert>
  const items = sessions.data.items
  const others = items.filter((item) => !item.current)

  const run = (sessionId: string | null, done: string) => {
    setNotice(null)
    signOut.mutate(sessionId, {
      onSuccess: () => setNotice(done),
      onError: () => setNotice('Could not sign that device out. Please try again.'),
    })
  }

  return (
    <Stack spacing={2}>
      <List aria-label="Signed-in devices" disablePadding>
        {items.map((session) => (
          <DeviceItem
            key={session.session_id}
            session={session}
            busy={signOut.isPending}
            onSignOut={() => run(session.session_id, `${session.device} was signed out.`)}
          />
        ))}
      </List>
      <div role="status">{notice && <Alert severity="info">{notice}</Alert>}</div>
      {others.length > 0 && (
        <Button
          variant="outlined"
          onClick={() => run(null, 'Every other device was signed out.')}
          disabled={signOut.isPending}
          sx={{ alignSelf: 'start' }}
        >
          Sign out all other devices
        </Button>
      )}
    </Stack>
  )
}
