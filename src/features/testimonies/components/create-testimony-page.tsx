import type { SupportBlock } from '@contract/content-policy'
import { TESTIMONY_LIMITS } from '@contract/testimonies'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useCallback, useId, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useDraft } from '@/lib/drafts'
import { useMemberId } from '@/lib/session'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useCreateTestimony } from '../api/create-testimony'
import '../navigation-state'
import {
  EMPTY_TESTIMONY,
  type TestimonyValues,
  TestimonyValuesSchema,
  hasContent,
  textError,
  titleError,
  toCreateBody,
} from '../testimony-form'
import { AnsweredPrayerPicker } from './answered-prayer-picker'
import { SupportNotice } from './support-notice'
import { TestimonyTagsField } from './testimony-tags-field'
import { TestimonyTips } from './testimony-tips'

const TESTIMONY_DRAFT = { schema: TestimonyValuesSchema, hasContent }

/** Spec 001 §2 "Share Your Testimony screen". */
export function CreateTestimonyPage() {
  const t = useT()
  const navigate = useNavigate()
  const userId = useMemberId()
  const [values, setValues] = useState<TestimonyValues>(EMPTY_TESTIMONY)
  const [touched, setTouched] = useState({ title: false, text: false })
  const [support, setSupport] = useState<{ block: SupportBlock; id: string } | null>(null)
  const create = useCreateTestimony()
  const visibilityId = useId()
  // A draft read that lands after the member started typing never overwrites the new input.
  const restore = useCallback(
    (draft: TestimonyValues) => setValues((current) => (hasContent(current) ? current : draft)),
    [],
  )
  const draft = useDraft('testimony', userId, values, restore, TESTIMONY_DRAFT)
  const dirty = hasContent(values) && !create.isSuccess
  useUnsavedChanges(dirty)

  const titleMessage = titleError(values.title, t)
  const textMessage = textError(values.text, t)
  const valid = titleMessage === null && textMessage === null
  const update = (patch: Partial<TestimonyValues>) => setValues((old) => ({ ...old, ...patch }))
  const goToFeed = (id: string) =>
    void navigate({
      to: '/testimonies',
      search: { highlight: id },
      state: { testimonyShared: true },
    })
  const clearDraft = () => {
    setValues(EMPTY_TESTIMONY)
    setTouched({ title: false, text: false })
    void draft.clear()
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!valid || create.isPending) return
    create.mutate(toCreateBody(values), {
      onSuccess: async (created) => {
        await draft.clear()
        if (created.support) setSupport({ block: created.support, id: created.testimony_id })
        else goToFeed(created.testimony_id)
      },
    })
  }
  const failure = create.error
  const failureMessage =
    failure instanceof ApiError
      ? translateText(failure.detail)
      : failure
        ? t('Network problem (share testimony)')
        : null

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack component="form" spacing={3} onSubmit={onSubmit} noValidate>
        <Typography variant="h4" component="h1">
          {t('Share Your Testimony')}
        </Typography>
        <TestimonyTips />
        <AnsweredPrayerPicker
          value={values.intention_id}
          onChange={(intention_id) => update({ intention_id })}
        />
        <TextField
          label={t('Title (testimony)')}
          required
          value={values.title}
          onChange={(event) => update({ title: event.target.value })}
          onBlur={() => setTouched((old) => ({ ...old, title: true }))}
          error={touched.title && titleMessage !== null}
          helperText={titleMessage ?? `${values.title.trim().length}/${TESTIMONY_LIMITS.titleMax}`}
        />
        <TextField
          label={t('Your story')}
          required
          multiline
          minRows={6}
          value={values.text}
          onChange={(event) => update({ text: event.target.value })}
          onBlur={() => setTouched((old) => ({ ...old, text: true }))}
          error={touched.text && textMessage !== null}
          helperText={textMessage ?? `${values.text.trim().length}/${TESTIMONY_LIMITS.textMax}`}
        />
        <Typography variant="body2" color="textSecondary">
          {t('Share gratitude while avoiding medical/PII details.')}
        </Typography>
        <TestimonyTagsField
          tags={values.category_tags}
          onChange={(category_tags) => update({ category_tags })}
        />
        <Stack spacing={0.5}>
          <FormLabel id={visibilityId}>{t('Visibility')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={visibilityId}
            value={values.visibility}
            onChange={(event) =>
              update({ visibility: event.target.value === 'anonymous' ? 'anonymous' : 'public' })
            }
          >
            <FormControlLabel
              value="public"
              control={<Radio />}
              label={t('Public (testimony visibility)')}
            />
            <FormControlLabel
              value="anonymous"
              control={<Radio />}
              label={t('Anonymous (testimony visibility)')}
            />
          </RadioGroup>
        </Stack>
        <div role="alert">{failureMessage && <Alert severity="error">{failureMessage}</Alert>}</div>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <VerifiedSubmitButton variant="contained" disabled={!valid || create.isPending}>
            {create.isPending ? t('Sharing…') : t('Share Testimony')}
          </VerifiedSubmitButton>
          {hasContent(values) && (
            <>
              <Button type="button" onClick={clearDraft}>
                {t('Clear draft (testimony)')}
              </Button>
              <Typography variant="body2" color="textSecondary">
                {t('Draft saved automatically (testimony)')}
              </Typography>
            </>
          )}
        </Stack>
      </Stack>
      <SupportNotice
        support={support?.block ?? null}
        onContinue={() => support && goToFeed(support.id)}
      />
    </Container>
  )
}
