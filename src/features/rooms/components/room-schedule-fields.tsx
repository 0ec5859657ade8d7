import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useCallback, useId } from 'react'
import { useLanguage, useT } from '@/i18n/use-t'
import type { RoomFormErrors, RoomFormValues } from '../room-form'
import { weekdayLabels } from '../room-text'
import { TimeZoneField } from './time-zone-field'

type Props = {
  values: RoomFormValues
  errors: RoomFormErrors
  onChange: (patch: Partial<RoomFormValues>) => void
}

/** One-off (a date) or weekly (days); then the time and the zone it is kept in. */
export function RoomScheduleFields({ values, errors, onChange }: Props) {
  const t = useT()
  const language = useLanguage()
  const repeatLabel = useId()
  const daysLabel = useId()
  const onZone = useCallback((time_zone: string) => onChange({ time_zone }), [onChange])
  const toggleDay = (day: number) =>
    onChange({
      days: values.days.includes(day)
        ? values.days.filter((other) => other !== day)
        : [...values.days, day].sort((a, b) => a - b),
    })
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id={repeatLabel}>{t('When (a room meets)')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={repeatLabel}
          value={values.repeat}
          onChange={(event) => onChange({ repeat: event.target.value as RoomFormValues['repeat'] })}
        >
          <FormControlLabel value="once" control={<Radio />} label={t('Once (a room)')} />
          <FormControlLabel value="weekly" control={<Radio />} label={t('Every week')} />
        </RadioGroup>
      </FormControl>
      {values.repeat === 'once' ? (
        <TextField
          label={t('Date (a room)')}
          type="date"
          required
          value={values.date}
          onChange={(event) => onChange({ date: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(errors.date)}
          helperText={errors.date}
        />
      ) : (
        <FormControl error={Boolean(errors.days)} component="fieldset">
          <FormLabel id={daysLabel} component="legend">
            {t('Days (a weekly room)')}
          </FormLabel>
          <FormGroup row aria-labelledby={daysLabel}>
            {weekdayLabels(language).map((label, index) => (
              <FormControlLabel
                key={index}
                label={label}
                control={
                  <Checkbox
                    checked={values.days.includes(index + 1)}
                    onChange={() => toggleDay(index + 1)}
                  />
                }
              />
            ))}
          </FormGroup>
          {errors.days && <FormHelperText>{errors.days}</FormHelperText>}
        </FormControl>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('Time (a room)')}
          type="time"
          required
          value={values.time}
          onChange={(event) => onChange({ time: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(errors.time)}
          helperText={errors.time}
        />
        <TimeZoneField value={values.time_zone} error={errors.time_zone} onChange={onZone} />
      </Stack>
    </Stack>
  )
}
