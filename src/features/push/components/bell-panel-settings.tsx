import Stack from '@mui/material/Stack'
import { TextLink } from '@/components/text-link'
import { SystemNotificationsToggle } from './system-notifications-toggle'
import { useT } from '@/i18n/use-t'

/** The bell panel's part of the settings: this device's switch and the way to the rest. */
export function BellPanelSettings() {
  const t = useT()
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }}>
      <SystemNotificationsToggle />
      <TextLink to="/settings/notifications" variant="body2">
        {t('Notification settings')}
      </TextLink>
    </Stack>
  )
}
