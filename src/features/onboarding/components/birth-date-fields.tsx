import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type Ref, useMemo } from 'react'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'

/** The twelve months' names in `language`, January first. */
function monthNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' })
  return Array.from({ length: 12 }, (_, index) => format.format(Date.UTC(2000, index, 1)))
}

type Field = {
  value: string
  error: string | undefined
  onChange: (value: string) => void
  onBlur: () => void
  inputRef: Ref<HTMLInputElement | HTMLSelectElement>
}

// Spec 000 §5: month and day of birth, no year; the day's range follows the month (contract).
export function BirthDateFields({ month, day }: { month: Field; day: Field }) {
  const t = useT()
  const language = useLanguage()
  const months = useMemo(() => monthNames(language), [language])
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        id="onboarding-birth-month"
        name="birth_month"
        label={t('Month of Birth')}
        select
        required
        fullWidth
        value={month.value}
        onChange={(event) => month.onChange(event.target.value)}
        onBlur={month.onBlur}
        error={month.error !== undefined}
        helperText={month.error && translateText(month.error)}
        inputRef={month.inputRef}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { autoComplete: 'bday-month' },
        }}
      >
        <option value="" disabled>
          {t('Select a month')}
        </option>
        {months.map((name, index) => (
          <option key={name} value={String(index + 1)}>
            {name}
          </option>
        ))}
      </TextField>
      <TextField
        id="onboarding-birth-day"
        name="birth_day"
        label={t('Day of Birth')}
        required
        fullWidth
        value={day.value}
        onChange={(event) => day.onChange(event.target.value)}
        onBlur={day.onBlur}
        error={day.error !== undefined}
        helperText={day.error && translateText(day.error)}
        inputRef={day.inputRef}
        slotProps={{ htmlInput: { autoComplete: 'bday-day', inputMode: 'numeric', maxLength: 2 } }}
      />
    </Stack>
  )
}
