import {
  NOTIFICATION_TYPE_GROUPS,
  type NotificationSettings,
} from '@contract/notification-settings'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { ApiError } from '@/lib/api-client'
import { useSaveNotificationSettings } from '../api/notification-settings'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

type GroupId = (typeof NOTIFICATION_TYPE_GROUPS)[number]['id']
type Form = {
  groups: Record<GroupId, boolean>
  quiet: boolean
  from: string
  to: string
  timeZone: string
  previews: boolean
}

const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone')
  return known.includes(current) ? known : [current, ...known]
}

function formOf(settings: NotificationSettings): Form {
  const groups = Object.fromEntries(
    NOTIFICATION_TYPE_GROUPS.map((group) => [
      group.id,
      group.types.every((type) => settings.push[type] !== false),
    ]),
  ) as Record<GroupId, boolean>
  const quiet = settings.quiet_hours
  return {
    groups,
    quiet: quiet !== null,
    from: quiet?.from ?? '22:00',
    to: quiet?.to ?? '07:00',
    timeZone: quiet?.time_zone ?? deviceTimeZone(),
    previews: settings.previews,
  }
}

/** A group switched off turns each of its types off; a group on leaves its types to the default. */
function settingsOf(form: Form): NotificationSettings {
  const push = Object.fromEntries(
    NOTIFICATION_TYPE_GROUPS.filter((group) => !form.groups[group.id]).flatMap((group) =>
      group.types.map((type) => [type, false]),
    ),
  )
  return {
    push,
    quiet_hours: form.quiet ? { from: form.from, to: form.to, time_zone: form.timeZone } : null,
    previews: form.previews,
  }
}

/**
 * Issue 13: which kinds of notification reach the member's devices, and quiet hours on their
 * own clock. Saved on the server for every device; the bell panel lists everything regardless.
 */
export function NotificationTypesForm({ settings }: { settings: NotificationSettings }) {
  const t = useT()
  const [form, setForm] = useState(() => formOf(settings))
  const save = useSaveNotificationSettings()
  const change = (patch: Partial<Form>) => {
    save.reset()
    setForm((current) => ({ ...current, ...patch }))
  }
  const problem =
    save.error instanceof ApiError && save.error.fieldErrors.length > 0
      ? save.error.fieldErrors
          .map((error) => `${error.field}: ${translateText(error.message)}`)
          .join(' ')
      : t('Could not save your settings. Please try again.')

  return (
    <Stack
      component="form"
      spacing={3}
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(settingsOf(form))
      }}
    >
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('Show on my devices')}</FormLabel>
        <FormGroup>
          {NOTIFICATION_TYPE_GROUPS.map((group) => (
            <FormControlLabel
              key={group.id}
              label={translateText(group.label)}
              control={
                <Switch
                  checked={form.groups[group.id]}
                  onChange={(event) =>
                    change({ groups: { ...form.groups, [group.id]: event.target.checked } })
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('Privacy')}</FormLabel>
        <FormControlLabel
          label={t("Show the request's words in notifications")}
          control={
            <Switch
              checked={form.previews}
              onChange={(event) => change({ previews: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': 'previews-help' } }}
            />
          }
        />
        <FormHelperText id="previews-help">
          {t(
            'Off, your lock screen shows only what happened, such as “Someone prayed for your request”: never a request’s words or anyone’s name.',
          )}
        </FormHelperText>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('Quiet hours')}</FormLabel>
        <FormControlLabel
          label={t('Nothing on my devices during quiet hours (the bell still lists everything)')}
          control={
            <Switch
              checked={form.quiet}
              onChange={(event) => change({ quiet: event.target.checked })}
            />
          }
        />
        {form.quiet && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
            <TextField
              label={t('From')}
              type="time"
              required
              value={form.from}
              onChange={(event) => change({ from: event.target.value })}
            />
            <TextField
              label={t('To')}
              type="time"
              required
              value={form.to}
              onChange={(event) => change({ to: event.target.value })}
            />
            <TextField
              select
              label={t('Time zone')}
              value={form.timeZone}
              onChange={(event) => change({ timeZone: event.target.value })}
              slotProps={{ select: { native: true } }}
              sx={{ minWidth: 220 }}
            >
              {timeZones(form.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </TextField>
          </Stack>
        )}
      </FormControl>
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t(save.isPending ? 'Saving…' : 'Save settings')}
        </Button>
      </div>
      <div role="status">
        {save.isSuccess && <Alert severity="success">{t('Settings saved.')}</Alert>}
        {save.isError && <Alert severity="error">{problem}</Alert>}
      </div>
    </Stack>
  )
}
