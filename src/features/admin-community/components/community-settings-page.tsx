import { type FormEvent, useState } from 'react'
import type { UpdateCommunityBody } from '@contract/community'
import { LANGUAGES } from '@contract/languages'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { ApiError } from '@/lib/api-client'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useCommunity, useSaveCommunity } from '../api/community-settings'
import { changedValues, FIELDS, type FormValues, formValues } from './community-fields'
import { CommunityRulesFields } from './community-rules-fields'
import { type RuleValues, rulesBody, ruleValues } from './community-rules'
import { LogoField } from './logo-field'
import { translateText } from '@/i18n/i18n'
import { LANGUAGE_NAMES } from '@/i18n/language-select'
import { useT } from '@/i18n/use-t'

/** /admin/community (issue 38): the community's name, look, words and rules, phone first. */
export function CommunitySettingsPage() {
  const t = useT()
  const community = useCommunity()
  if (community.isPending)
    return <Typography role="status">{t('Loading the settings…')}</Typography>
  if (community.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void community.refetch()}>
            {t('Try again')}
          </Button>
        }
      >
        {t('Could not load the community’s settings. Please try again.')}
      </Alert>
    )
  return (
    <Stack spacing={4}>
      <CommunitySettingsForm
        saved={{ ...formValues(community.data), ...ruleValues(community.data) }}
      />
      <LogoField />
    </Stack>
  )
}

const TEXT_KEYS = new Set<string>([
  ...FIELDS.map((config) => config.key),
  'theme_color',
  'default_language',
])

function CommunitySettingsForm({ saved }: { saved: FormValues & RuleValues }) {
  const t = useT()
  const [values, setValues] = useState(saved)
  const save = useSaveCommunity()
  const changes = changedValues(saved, values)
  const dirty = Object.keys(changes).length > 0
  useUnsavedChanges(dirty)
  // What the server refused, by field (its 400 names each); the typed values stay as they are.
  const fieldErrors = new Map(
    save.error instanceof ApiError
      ? save.error.fieldErrors.map((error) => [error.field, translateText(error.message)])
      : [],
  )
  const otherError =
    save.isError && fieldErrors.size === 0
      ? save.error instanceof ApiError
        ? translateText(save.error.detail)
        : t('Could not save. Check your connection and try again.')
      : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const changed = new Set(Object.keys(changes))
    const text = Object.entries(changes).filter(([key]) => TEXT_KEYS.has(key))
    const body: UpdateCommunityBody = { ...Object.fromEntries(text), ...rulesBody(changed, values) }
    if (changes.contact_email === '') body.contact_email = null
    save.mutate(body)
  }
  const field = (key: keyof FormValues) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [key]: event.target.value })),
    error: fieldErrors.has(key),
  })

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={submit}
      aria-labelledby="community-title"
    >
      <Typography id="community-title" variant="h5" component="h2">
        {t('Community settings')}
      </Typography>
      {FIELDS.map((config) => (
        <TextField
          key={config.key}
          id={`community-${config.key}`}
          label={t(config.label)}
          type={'type' in config ? config.type : 'text'}
          multiline={'multiline' in config}
          minRows={'multiline' in config ? 3 : undefined}
          helperText={
            fieldErrors.get(config.key) ?? ('help' in config ? t(config.help) : undefined)
          }
          slotProps={{ htmlInput: 'max' in config ? { maxLength: config.max } : {} }}
          {...field(config.key)}
        />
      ))}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          id="community-theme_color"
          label={t('Theme colour')}
          helperText={
            fieldErrors.get('theme_color') ??
            t('As #rrggbb. White text is drawn on it, so it must be dark enough to read.')
          }
          sx={{ flex: 1 }}
          {...field('theme_color')}
        />
        <input
          type="color"
          aria-label={t('Pick the theme colour')}
          value={/^#[0-9a-f]{6}$/i.test(values.theme_color) ? values.theme_color : '#000000'}
          onChange={(event) => setValues((old) => ({ ...old, theme_color: event.target.value }))}
          style={{ width: 48, height: 48, border: 0, padding: 0, background: 'none' }}
        />
      </Stack>
      {/* Issue 42: a native select, so a phone shows its own picker. */}
      <TextField
        id="community-default_language"
        select
        label={t('Default language')}
        helperText={
          fieldErrors.get('default_language') ??
          t(
            'For visitors whose browser speaks none of these, and for the mail and notifications of members who chose no language.',
          )
        }
        slotProps={{ select: { native: true } }}
        {...field('default_language')}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </TextField>
      <CommunityRulesFields
        values={values}
        errors={fieldErrors}
        onChange={(change) => setValues((old) => ({ ...old, ...change }))}
      />
      {otherError && <Alert severity="error">{otherError}</Alert>}
      {fieldErrors.size > 0 && (
        <Alert severity="error">
          {t('Nothing was saved. Please correct the fields marked above.')}
        </Alert>
      )}
      <div role="status">
        {save.isSuccess && !dirty && (
          <Alert severity="success">{t('Saved. Every page now shows it.')}</Alert>
        )}
      </div>
      <Button
        type="submit"
        variant="contained"
        disabled={!dirty || save.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {save.isPending ? t('Saving…') : t('Save')}
      </Button>
    </Stack>
  )
}
