import { INTENTION_LIMITS } from '@contract/intentions'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type MessageId, type MessageValues } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import type { ComposerErrors, ComposerValues } from '../composer-form'
import { type ComposerGroup, type ComposerNames, DestinationFields } from './destination-fields'
import { TagInput } from './tag-input'

type Field = keyof ComposerErrors

type PrayerRequestFieldsProps = {
  values: ComposerValues
  errors: ComposerErrors
  touched: Partial<Record<Field, boolean>>
  groups: ComposerGroup[]
  names: ComposerNames
  onChange: (values: ComposerValues) => void
  onBlur: (field: Field) => void
}

function remaining(
  t: (id: MessageId, values?: MessageValues) => string,
  limit: number,
  text: string,
): string {
  const left = limit - text.length
  return left >= 0
    ? t('Characters remaining', { count: left })
    : t('Characters over the limit', { count: -left })
}

// Spec 001 §2 and §5: the composer's fields; an error shows once its field was left, or at
// once when the text runs over a limit.
export function PrayerRequestFields({
  values,
  errors,
  touched,
  groups,
  names,
  onChange,
  onBlur,
}: PrayerRequestFieldsProps) {
  const t = useT()
  const shown = (field: Field, over: boolean) =>
    touched[field] || over ? errors[field] : undefined
  const titleError = shown('title', values.title.trim().length > INTENTION_LIMITS.titleMax)
  const detailsError = shown('details', values.details.trim().length > INTENTION_LIMITS.detailsMax)
  const scriptureError = errors.scripture

  return (
    <Stack spacing={3}>
      <TextField
        label={t('Title (prayer request)')}
        required
        value={values.title}
        onChange={(event) => onChange({ ...values, title: event.target.value })}
        onBlur={() => onBlur('title')}
        error={Boolean(titleError)}
        helperText={titleError ?? remaining(t, INTENTION_LIMITS.titleMax, values.title.trim())}
      />
      <TextField
        label={t('Details (prayer request)')}
        required
        multiline
        minRows={5}
        value={values.details}
        onChange={(event) => onChange({ ...values, details: event.target.value })}
        onBlur={() => onBlur('details')}
        error={Boolean(detailsError)}
        helperText={
          detailsError ?? remaining(t, INTENTION_LIMITS.detailsMax, values.details.trim())
        }
        // Spec 001 §9: a paste past 2000 is kept (up to 2200) so nothing is cut silently.
        slotProps={{ htmlInput: { maxLength: INTENTION_LIMITS.detailsFieldMax } }}
      />
      <TagInput value={values.tags} onChange={(tags) => onChange({ ...values, tags })} />
      <TextField
        label={t('Scripture (optional)')}
        value={values.scripture}
        onChange={(event) => onChange({ ...values, scripture: event.target.value })}
        error={Boolean(scriptureError)}
        helperText={scriptureError ?? t('For example: Philippians 4:6-7')}
      />
      <DestinationFields
        values={values}
        groups={groups}
        names={names}
        groupError={touched.groupId ? errors.groupId : undefined}
        onChange={onChange}
        onGroupBlur={() => onBlur('groupId')}
      />
    </Stack>
  )
}
