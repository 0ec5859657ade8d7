import TextField from '@mui/material/TextField'
import { memo, useMemo } from 'react'
import { useT } from '@/i18n/use-t'

type Props = { value: string; error: string | undefined; onChange: (zone: string) => void }

/**
 * A native list of the runtime's zones: several hundred, searchable by typing on every platform.
 * Memoised: the form re-renders on every keystroke, the zones never change.
 */
export const TimeZoneField = memo(function TimeZoneField({ value, error, onChange }: Props) {
  const t = useT()
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone')
    return known.includes(value) ? known : [value, ...known]
  }, [value])
  return (
    <TextField
      select
      label={t('Time zone')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true } }}
      error={Boolean(error)}
      helperText={error}
      sx={{ flex: 1 }}
    >
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
    </TextField>
  )
})
