import type { EmailActivity, EmailPreferences } from '@contract/email-preferences'
import type { NotificationSettings } from '@contract/notification-settings'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import { useState } from 'react'
import { useSaveNotificationSettings } from '../api/notification-settings'
import { useT } from '@/i18n/use-t'

/** The server always answers with them; a server from before issue 46, the defaults. */
const FALLBACK: EmailPreferences = {
  activity: 'daily',
  weekly_digest: true,
  reminders: false,
  rooms: false,
}

/**
 * Issue 46: what reaches the member by mail, saved with the rest of their notification
 * settings as they are on the server (the PUT replaces them whole). Every mail's footer links
 * here (#email) and can turn its own kind off in one click.
 */
export function EmailPreferencesForm({ settings }: { settings: NotificationSettings }) {
  const t = useT()
  const [email, setEmail] = useState<EmailPreferences>(settings.email ?? FALLBACK)
  const save = useSaveNotificationSettings()
  const change = (patch: Partial<EmailPreferences>) => {
    save.reset()
    setEmail((current) => ({ ...current, ...patch }))
  }
  const activities: { value: EmailActivity; label: string }[] = [
    { value: 'instant', label: t('At once, one mail each') },
    { value: 'daily', label: t('In a daily digest, in the morning') },
    { value: 'never', label: t('Never by email') },
  ]
  const switches: { key: 'weekly_digest' | 'reminders' | 'rooms'; label: string }[] = [
    {
      key: 'weekly_digest',
      label: t(
        'A weekly digest: answered prayers, testimonies and requests that still need prayer',
      ),
    },
    { key: 'reminders', label: t('My prayer list reminders, at the times I set') },
    { key: 'rooms', label: t('Prayer room reminders I asked for') },
  ]

  return (
    <Stack
      component="form"
      spacing={3}
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate({ ...settings, email })
      }}
    >
      <FormControl component="fieldset">
        <FormLabel component="legend" id="email-activity-label">
          {t('Activity on my requests')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="email-activity-label"
          value={email.activity}
          onChange={(event) => change({ activity: event.target.value as EmailActivity })}
        >
          {activities.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              label={option.label}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('Also by email')}</FormLabel>
        <FormGroup>
          {switches.map(({ key, label }) => (
            <FormControlLabel
              key={key}
              label={label}
              control={
                <Switch
                  checked={email[key]}
                  onChange={(event) => change({ [key]: event.target.checked })}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t(save.isPending ? 'Saving…' : 'Save email preferences')}
        </Button>
      </div>
      <div role="status">
        {save.isSuccess && <Alert severity="success">{t('Email preferences saved.')}</Alert>}
        {save.isError && (
          <Alert severity="error">{t('Could not save your settings. Please try again.')}</Alert>
        )}
      </div>
    </Stack>
  )
}
