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
import { t as translate } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
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
  const t = useT()
  const language = useLanguage()
  const full = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' })
  const lastActive = full.format(new Date(session.last_active_at))
  const title = session.current
    ? t('{device} (this device)', { device: session.device })
    : session.device
  return (
    <ListItem
      divider
      secondaryAction={
        !session.current && (
          <Button
            onClick={onSignOut}
            disabled={busy}
            aria-label={t('Sign out {device}, last active {lastActive}', {
              device: session.device,
              lastActive,
            })}
          >
            {t('Sign out')}
          </Button>
        )
      }
    >
      <ListItemText
        primary={title}
        secondary={t('Signed in {signedIn} · Last active {lastActive}', {
          signedIn: full.format(new Date(session.created_at)),
          lastActive,
        })}
      />
    </ListItem>
  )
}

/** Issue 39: every signed-in session of the account, and signing one or all others out. */
export function DevicesList() {
  const t = useT()
  const sessions = useQuery(accountSessionsQueryOptions())
  const signOut = useSignOutDevices()
  const [notice, setNotice] = useState<string | null>(null)
  if (sessions.isPending) return <CircularProgress aria-label={t('Loading your devices')} />
  if (sessions.isError) return <Alert severity="error">{t('Could not load your devices.')}</Alert>
  const items = sessions.data.items
  const others = items.filter((item) => !item.current)

  const run = (sessionId: string | null, done: string) => {
    setNotice(null)
    signOut.mutate(sessionId, {
      onSuccess: () => setNotice(done),
      onError: () => setNotice(translate('Could not sign that device out. Please try again.')),
    })
  }

  return (
    <Stack spacing={2}>
      <List aria-label={t('Signed-in devices')} disablePadding>
        {items.map((session) => (
          <DeviceItem
            key={session.session_id}
            session={session}
            busy={signOut.isPending}
            onSignOut={() =>
              run(
                session.session_id,
                translate('{device} was signed out.', { device: session.device }),
              )
            }
          />
        ))}
      </List>
      <div role="status">{notice && <Alert severity="info">{notice}</Alert>}</div>
      {others.length > 0 && (
        <Button
          variant="outlined"
          onClick={() => run(null, translate('Every other device was signed out.'))}
          disabled={signOut.isPending}
          sx={{ alignSelf: 'start' }}
        >
          {t('Sign out all other devices')}
        </Button>
      )}
    </Stack>
  )
}
