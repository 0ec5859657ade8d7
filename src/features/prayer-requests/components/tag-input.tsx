import { TAG_LIMITS, TAG_MESSAGES, normaliseTag, normaliseTags } from '@contract/tags'
import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { useEffect, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useTagSuggestions } from '../api/get-tag-suggestions'

type TagInputProps = { value: string[]; onChange: (tags: string[]) => void }

// Spec 001 §5, §9: tags normalised as typed, at most 5, suggestions (popular until the member
// types, then searched after a 250 ms pause) exclude the chosen ones, at most 8 shown.
export function TagInput({ value, onChange }: TagInputProps) {
  const t = useT()
  const [inputValue, setInputValue] = useState('')
  const [search, setSearch] = useState('')
  const atMax = value.length >= TAG_LIMITS.perItem

  useEffect(() => {
    const timer = setTimeout(() => setSearch(normaliseTag(inputValue)), TAG_LIMITS.searchDebounceMs)
    return () => clearTimeout(timer)
  }, [inputValue])

  const { data = [] } = useTagSuggestions(search)
  const options = data.filter((tag) => !value.includes(tag)).slice(0, TAG_LIMITS.shownSuggestions)

  return (
    <Autocomplete
      multiple
      freeSolo
      openOnFocus
      options={options}
      value={value}
      inputValue={inputValue}
      onInputChange={(_, next) => setInputValue(next)}
      onChange={(_, next) => {
        onChange(normaliseTags(next).slice(0, TAG_LIMITS.perItem))
        setInputValue('')
      }}
      // The server already matched the search; MUI must not filter a second time.
      filterOptions={(shown) => shown}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('Tags (field)')}
          helperText={
            atMax ? translateText(TAG_MESSAGES.tooMany) : t('Press Enter to add a tag. Up to 5.')
          }
          slotProps={{
            ...params.slotProps,
            // Spec 001 §4: the input is disabled at 5; the chips stay removable.
            htmlInput: {
              ...params.slotProps.htmlInput,
              disabled: atMax,
              maxLength: TAG_LIMITS.maxLength,
            },
          }}
        />
      )}
    />
  )
}
