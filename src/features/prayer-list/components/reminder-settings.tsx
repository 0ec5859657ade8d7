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
import { useMemo, useState } from 'react'
import { useLanguage, useT } from '@/i18n/use-t'
import { reminderSettingsQueryOptions, useSaveReminderSettings } from '../api/reminders'

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone
// Marks where the zone's name goes in the translated sentence, isolated from its words.
const MARK = '\u0001'

/** Monday to Sunday's short names in the member's language (1 January 2024 was a Monday). */
function useWeekdays(): string[] {
  const language = useLanguage()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' })
    return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))))
  }, [language])
}

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
  const t = useT()
  const weekdays = useWeekdays()
  const number = index + 1
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
        label={t('Reminder time (label)', { number })}
        value={slot.time}
        onChange={(event) => onChange({ ...slot, time: event.target.value })}
        size="small"
      />
      <FormGroup row aria-label={t('Reminder days (label)', { number })}>
        {weekdays.map((label, i) => (
          <FormControlLabel
            key={i}
            label={<bdi>{label}</bdi>}
            control={
              <Checkbox checked={slot.days.includes(i + 1)} onChange={() => toggle(i + 1)} />
            }
          />
        ))}
      </FormGroup>
      <IconButton aria-label={t('Remove reminder (label)', { number })} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  )
}

function ReminderForm({ saved }: { saved: ReminderSettings }) {
  const t = useT()
  const [draft, setDraft] = useState<ReminderSettings>(() =>
    saved.slots.length ? saved : { ...saved, time_zone: deviceZone() },
  )
  const save = useSaveReminderSettings()
  const [zoneBefore, zoneAfter = ''] = t('Reminder time zone', { zone: MARK }).split(MARK)
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
        {zoneBefore}
        <bdi>{draft.time_zone}</bdi>
        {zoneAfter}
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
          {t('Add a reminder')}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('Save reminders')}
        </Button>
      </Stack>
      {save.isSuccess && <Alert severity="success">{t('Reminders saved.')}</Alert>}
      {save.isError && (
        <Alert severity="error">{t('Your reminders could not be saved. Try again.')}</Alert>
      )}
    </Stack>
  )
}

/** The member's reminder days and times, in their own zone (the device's by default). */
export function ReminderSettingsSection() {
  const t = useT()
  const { data } = useQuery(reminderSettingsQueryOptions())
  return (
    <section aria-labelledby="reminders-heading">
      <Typography id="reminders-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('Reminders')}
      </Typography>
      {data ? <ReminderForm saved={data} /> : null}
    </section>
  )
}
