import Alert from '@mui/material/Alert'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useProfile } from '@/lib/session'
import { notificationSettingsQueryOptions } from '../api/notification-settings'
import {
  chooseShowInFront,
  showsInFront,
  systemNotificationsSupported,
} from '../system-notifications'
import { NotificationTypesForm } from './notification-types-form'
import { SystemNotificationsToggle } from './system-notifications-toggle'

/** Issue 13: the bell panel shows it live, so by default no system notification doubles it. */
function InFrontSwitch({ userId }: { userId: string }) {
  const [on, setOn] = useState(() => showsInFront(userId))
  return (
    <FormControlLabel
      label="Also while the app is open in front"
      control={
        <Switch
          checked={on}
          onChange={(event) => {
            chooseShowInFront(userId, event.target.checked)
            setOn(event.target.checked)
          }}
        />
      }
    />
  )
}

/** /settings/notifications (issue 13), reached from the bell panel and the member's menu. */
export function NotificationSettingsPage() {
  const { profile } = useProfile()
  const settings = useQuery(notificationSettingsQueryOptions())
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        Notification settings
      </Typography>
      <Paper component="section" aria-labelledby="this-device-title" sx={{ p: 3 }}>
        <Typography id="this-device-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          This device
        </Typography>
        <SystemNotificationsToggle />
        {profile?.userId && systemNotificationsSupported() && (
          <InFrontSwitch userId={profile.userId} />
        )}
      </Paper>
      <Paper component="section" aria-labelledby="all-devices-title" sx={{ p: 3 }}>
        <Typography id="all-devices-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          All your devices
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          What shows as a system notification on your phones and computers. A request you muted from
          its menu stays silent until you unmute it there.
        </Typography>
        {settings.isPending && <CircularProgress aria-label="Loading your settings" />}
        {settings.isError && <Alert severity="error">Could not load your settings.</Alert>}
        {settings.data && <NotificationTypesForm settings={settings.data} />}
      </Paper>
    </Stack>
  )
}
