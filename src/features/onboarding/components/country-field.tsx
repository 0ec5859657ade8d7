import { COUNTRIES, type Country, countryByCode, countryByName } from '@contract/countries'
import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { type Ref, useState } from 'react'

type CountryFieldProps = {
  /** The chosen ISO2 code, or '' while no country from the list is chosen. */
  value: string
  onChange: (code: string) => void
  onBlur: () => void
  error: string | undefined
  inputRef: Ref<HTMLInputElement>
}

// Spec 000 §5: the country must be chosen from the supplied list and is sent as its two-letter
// code. The typed text is kept as typed; it becomes a choice only when it names a listed country
// exactly (which is also how a browser's autofill of "country-name" lands).
export function CountryField({ value, onChange, onBlur, error, inputRef }: CountryFieldProps) {
  const selected = countryByCode(value) ?? null
  const [text, setText] = useState(selected?.name ?? '')

  return (
    <Autocomplete<Country>
      options={COUNTRIES}
      value={selected}
      inputValue={text}
      getOptionLabel={(country) => country.name}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      autoHighlight
      // What was typed stays visible with its error instead of vanishing on blur.
      clearOnBlur={false}
      onChange={(_event, country) => {
        onChange(country?.code ?? '')
        setText(country?.name ?? '')
      }}
      onInputChange={(_event, next, reason) => {
        // 'reset' echoes a selection MUI already reported through onChange.
        if (reason === 'reset') return
        setText(next)
        onChange(countryByName(next)?.code ?? '')
      }}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name="country"
          label="Country"
          required
          error={error !== undefined}
          helperText={error}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' },
          }}
        />
      )}
    />
  )
}
