import { ANSWERED_PICKER, TESTIMONY_TIMINGS } from '@contract/testimonies'
import FormControlLabel from '@mui/material/FormControlLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useEffect, useId, useState } from 'react'
import { useT } from '@/i18n/use-t'
import { useAnsweredPrayers } from '../api/get-answered-prayers'

type AnsweredPrayerPickerProps = {
  value: string | null
  onChange: (intentionId: string | null) => void
}

const NONE = 'none'

/** Spec 001 §2: the viewer's answered prayers without a testimony; 3 shown, 5 when searching. */
export function AnsweredPrayerPicker({ value, onChange }: AnsweredPrayerPickerProps) {
  const t = useT()
  const prayers = useAnsweredPrayers()
  const labelId = useId()
  const [search, setSearch] = useState('')
  const [term, setTerm] = useState('')
  useEffect(() => {
    const timer = setTimeout(
      () => setTerm(search.trim().toLowerCase()),
      TESTIMONY_TIMINGS.answeredSearchDebounceMs,
    )
    return () => clearTimeout(timer)
  }, [search])

  const all = prayers.data ?? []
  if (prayers.isPending || all.length === 0) return null
  const shown =
    term === ''
      ? all.slice(0, ANSWERED_PICKER.shown)
      : all
          .filter((prayer) => prayer.title.toLowerCase().includes(term))
          .slice(0, ANSWERED_PICKER.shownWhenSearching)
  // The linked prayer stays listed even when a search would hide it.
  const selected = all.find((prayer) => prayer.intentionId === value)
  const options = selected && !shown.includes(selected) ? [selected, ...shown] : shown
  return (
    <Stack spacing={1}>
      <Typography id={labelId} variant="subtitle1" component="h2">
        {t('Link to an answered prayer (optional)')}
      </Typography>
      <TextField
        label={t('Search your answered prayers')}
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <RadioGroup
        aria-labelledby={labelId}
        value={value ?? NONE}
        onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
      >
        <FormControlLabel value={NONE} control={<Radio />} label={t('No linked prayer')} />
        {options.map((prayer) => (
          <FormControlLabel
            key={prayer.intentionId}
            value={prayer.intentionId}
            control={<Radio />}
            label={<bdi>{prayer.title}</bdi>}
          />
        ))}
      </RadioGroup>
    </Stack>
  )
}
