import Alert from '@mui/material/Alert'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import { useId, useState } from 'react'
import { useProfile } from '@/lib/session'
import { tryPushSubscription, unsubscribeThisDevice } from '../api/push-subscription'
import {
  chooseSystemNotifications,
  systemNotificationsChosen,
  systemNotificationsOn,
  systemNotificationsSupported,
} from '../system-notifications'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

const LABEL: MessageId = 'System notifications on this device'
const BLOCKED: MessageId = 'Notifications are blocked for this site in your browser settings.'
const NO_PUSH: MessageId =
  'Shown while the app is open; this browser cannot receive them when it is closed.'
const OFF_FAILED: MessageId = 'Turned off here, but the server could not be told. Please try again.'

/**
 * The bell panel's switch (issue 7): the browser's permission is asked only when the member
 * turns it on, never on load; off removes this device's push subscription. Issue 13: with the
 * permission it is on at once (the page shows hub notifications while open); Web Push is tried
 * after, within a time limit, and where it cannot be had the switch stays on and says so.
 */
export function SystemNotificationsToggle() {
  const t = useT()
  const { profile } = useProfile()
  const userId = profile?.userId ?? null
  const helperId = useId()
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ text: MessageId; severity: 'info' | 'error' } | null>(null)
  // Re-read on every render: the permission can change in the browser's own settings.
  const [, rerender] = useState(0)
  if (!userId || !systemNotificationsSupported()) return null

  const blocked = Notification.permission === 'denied'
  const on = systemNotificationsOn(userId)

  const turnOn = async () => {
    const permission = await Notification.requestPermission()
    if (permission !== 'granted') return
    chooseSystemNotifications(userId, true)
    // On now: the page's notifications need nothing more, and the switch is free again.
    setBusy(false)
    rerender((count) => count + 1)
    const push = await tryPushSubscription()
    if (!systemNotificationsChosen(userId)) {
      // Turned off while the push service was being asked: nothing of it stays.
      await unsubscribeThisDevice().catch(() => undefined)
      return
    }
    if (push === 'unavailable') setNote({ text: NO_PUSH, severity: 'info' })
  }
  const turnOff = async () => {
    chooseSystemNotifications(userId, false)
    await unsubscribeThisDevice().catch(() => setNote({ text: OFF_FAILED, severity: 'error' }))
  }
  const toggle = async (next: boolean) => {
    setBusy(true)
    setNote(null)
    try {
      await (next ? turnOn() : turnOff())
    } finally {
      setBusy(false)
      rerender((count) => count + 1)
    }
  }

  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={busy || blocked}
            onChange={(event) => void toggle(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': blocked ? helperId : undefined } }}
          />
        }
        label={t(LABEL)}
      />
      {blocked && <FormHelperText id={helperId}>{t(BLOCKED)}</FormHelperText>}
      <div role="status">{note && <Alert severity={note.severity}>{t(note.text)}</Alert>}</div>
    </Stack>
  )
}
