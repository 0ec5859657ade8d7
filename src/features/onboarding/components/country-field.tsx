import { COUNTRIES, type Country, countryByCode, countryByName } from '@contract/countries'
import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { type Ref, useMemo, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'

type CountryFieldProps = {
  /** The chosen ISO2 code, or '' while no country from the list is chosen. */
  value: string
  onChange: (code: string) => void
  onBlur: () => void
  error: string | undefined
  inputRef: Ref<HTMLInputElement>
}

/**
 * Issue 42: each country by its name in the member's language (Intl), the contract's English
 * name in English. A typed name is matched in either, so the browser's autofill lands too.
 */
function useCountryNames() {
  const language = useLanguage()
  return useMemo(() => {
    const regions = language === 'en' ? null : new Intl.DisplayNames([language], { type: 'region' })
    const of = (country: Country) => regions?.of(country.code) ?? country.name
    const byName = new Map(
      COUNTRIES.map((country) => [of(country).toLocaleLowerCase(language), country]),
    )
    const find = (name: string) =>
      byName.get(name.trim().toLocaleLowerCase(language)) ?? countryByName(name)
    return { of, find }
  }, [language])
}

// Spec 000 §5: the country must be chosen from the supplied list and is sent as its two-letter
// code. The typed text is kept as typed; it becomes a choice only when it names a listed country
// exactly (which is also how a browser's autofill of "country-name" lands).
export function CountryField({ value, onChange, onBlur, error, inputRef }: CountryFieldProps) {
  const t = useT()
  const names = useCountryNames()
  const selected = countryByCode(value) ?? null
  const [text, setText] = useState(selected ? names.of(selected) : '')

  return (
    <Autocomplete<Country>
      options={COUNTRIES}
      value={selected}
      inputValue={text}
      getOptionLabel={names.of}
      openText={t('Open')}
      closeText={t('Close')}
      clearText={t('Clear')}
      noOptionsText={t('No options')}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      autoHighlight
      // What was typed stays visible with its error instead of vanishing on blur.
      clearOnBlur={false}
      onChange={(_event, country) => {
        onChange(country?.code ?? '')
        setText(country ? names.of(country) : '')
      }}
      onInputChange={(_event, next, reason) => {
        // 'reset' echoes a selection MUI already reported through onChange.
        if (reason === 'reset') return
        setText(next)
        onChange(names.find(next)?.code ?? '')
      }}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name="country"
          label={t('Country')}
          required
          error={error !== undefined}
          helperText={error && translateText(error)}
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
