import { TAG_LIMITS, TAG_MESSAGES, normaliseTag } from '@contract/tags'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type KeyboardEvent, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

type TestimonyTagsFieldProps = { tags: string[]; onChange: (tags: string[]) => void }

/** Spec 001 §5: category tags, normalised, up to 5; Enter or a comma adds the typed tag. */
export function TestimonyTagsField({ tags, onChange }: TestimonyTagsFieldProps) {
  const t = useT()
  const [input, setInput] = useState('')
  const full = tags.length >= TAG_LIMITS.perItem
  const add = () => {
    const tag = normaliseTag(input)
    setInput('')
    if (tag === '' || full || tags.includes(tag)) return
    onChange([...tags, tag.slice(0, TAG_LIMITS.maxLength)])
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ',') return
    event.preventDefault()
    add()
  }
  return (
    <Stack spacing={1}>
      <TextField
        label={t('Category tags')}
        value={input}
        disabled={full}
        onChange={(event) => setInput(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        helperText={full ? translateText(TAG_MESSAGES.tooMany) : t('Press Enter to add a tag')}
      />
      {tags.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {tags.map((tag) => (
            <Chip
              key={tag}
              label={tag}
              onDelete={() => onChange(tags.filter((other) => other !== tag))}
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
