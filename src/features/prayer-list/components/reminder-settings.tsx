import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import DeleteIcon from '@mui/icons-material/Delete'
import { REMINDER_LIMITS, type ReminderSettings, type ReminderSlot } from '@contract/reminders'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { reminderSettingsQueryOptions, useSaveReminderSettings } from '../api/reminders'

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

function SlotEditor({
  slot,
  index,
  onChange,
  onRemove,
}: {
  slot: ReminderSlot
  index: number
  onChange: (slot: ReminderSlot) => void
  onRemove: () => void
}) {
  const toggle = (day: number) =>
    onChange({
      ...slot,
      days: slot.days.includes(day)
        ? slot.days.filter((d) => d !== day)
        : [...slot.days, day].sort(),
    })
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        type="time"
        label={`Reminder ${index + 1} time`}
        value={slot.time}
        onChange={(event) => onChange({ ...slot, time: event.target.value })}
        size="small"
      />
      <FormGroup row aria-label={`Reminder ${index + 1} days`}>
        {DAYS.map((label, i) => (
          <FormControlLabel
            key={label}
            label={label}
            control={
              <Checkbox checked={slot.days.includes(i + 1)} onChange={() => toggle(i + 1)} />
            }
          />
        ))}
      </FormGroup>
      <IconButton aria-label={`Remove reminder ${index + 1}`} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  )
}

function ReminderForm({ saved }: { saved: ReminderSettings }) {
  const [draft, setDraft] = useState<ReminderSettings>(() =>
    saved.slots.length ? saved : { ...saved, time_zone: deviceZone() },
  )
  const save = useSaveReminderSettings()
  const setSlot = (index: number, slot: ReminderSlot | null) =>
    setDraft({
      ...draft,
      slots: slot
        ? draft.slots.map((s, i) => (i === index ? slot : s))
        : draft.slots.filter((_, i) => i !== index),
    })
  return (
    <Stack
      spacing={2}
      component="form"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(draft)
      }}
    >
      <Typography variant="body2" color="textSecondary">
        Times are in {draft.time_zone}.
      </Typography>
      {draft.slots.map((slot, index) => (
        <SlotEditor
          key={index}
          slot={slot}
          index={index}
          onChange={(next) => setSlot(index, next)}
          onRemove={() => setSlot(index, null)}
        />
      ))}
      <Stack direction="row" spacing={1}>
        <Button
          disabled={draft.slots.length >= REMINDER_LIMITS.maxSlots}
          onClick={() =>
            setDraft({
              ...draft,
              slots: [...draft.slots, { days: [1, 2, 3, 4, 5, 6, 7], time: '07:00' }],
            })
          }
        >
          Add a reminder
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save reminders
        </Button>
      </Stack>
      {save.isSuccess && <Alert severity="success">Reminders saved.</Alert>}
      {save.isError && (
        <Alert severity="error">Your reminders could not be saved. Try again.</Alert>
      )}
    </Stack>
  )
}

/** The member's reminder days and times, in their own zone (the device's by default). */
export function ReminderSettingsSection() {
  const { data } = useQuery(reminderSettingsQueryOptions())
  return (
    <section aria-labelledby="reminders-heading">
      <Typography id="reminders-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Reminders
      </Typography>
      {data ? <ReminderForm saved={data} /> : null}
    </section>
  )
}
