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
import { EmailPreferencesForm } from './email-preferences-form'
import { NotificationTypesForm } from './notification-types-form'
import { SystemNotificationsToggle } from './system-notifications-toggle'
import { useT } from '@/i18n/use-t'

/** Issue 13: the bell panel shows it live, so by default no system notification doubles it. */
function InFrontSwitch({ userId }: { userId: string }) {
  const t = useT()
  const [on, setOn] = useState(() => showsInFront(userId))
  return (
    <FormControlLabel
      label={t('Also while the app is open in front')}
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
  const t = useT()
  const { profile } = useProfile()
  const settings = useQuery(notificationSettingsQueryOptions())
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        {t('Notification settings')}
      </Typography>
      <Paper component="section" aria-labelledby="this-device-title" sx={{ p: 3 }}>
        <Typography id="this-device-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('This device')}
        </Typography>
        <SystemNotificationsToggle />
        {profile?.userId && systemNotificationsSupported() && (
          <InFrontSwitch userId={profile.userId} />
        )}
      </Paper>
      <Paper component="section" aria-labelledby="all-devices-title" sx={{ p: 3 }}>
        <Typography id="all-devices-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('All your devices')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t(
            'What shows as a system notification on your phones and computers. A request you muted from its menu stays silent until you unmute it there.',
          )}
        </Typography>
        {settings.isPending && <CircularProgress aria-label={t('Loading your settings')} />}
        {settings.isError && <Alert severity="error">{t('Could not load your settings.')}</Alert>}
        {settings.data && <NotificationTypesForm settings={settings.data} />}
      </Paper>
      <Paper component="section" id="email" aria-labelledby="email-title" sx={{ p: 3 }}>
        <Typography id="email-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('By email')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t(
            'For when you are not in the app. Every mail has a link at its foot to stop that kind of mail.',
          )}
        </Typography>
        {settings.data && <EmailPreferencesForm settings={settings.data} />}
      </Paper>
    </Stack>
  )
}
