import type { SupportBlock } from '@contract/content-policy'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { useT } from '@/i18n/use-t'
import { useDraft } from '@/lib/drafts'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useCreateIntention } from '../api/create-intention'
import {
  type ComposerErrors,
  type ComposerValues,
  ComposerValuesSchema,
  emptyComposer,
  hasContent,
  toCreateBody,
  validateComposer,
} from '../composer-form'
import { createErrorLines } from '../write-errors'
import type { ComposerGroup, ComposerNames } from './destination-fields'
import { LeavePageDialog } from './leave-page-dialog'
import { PrayerRequestFields } from './prayer-request-fields'
import { SupportDialog } from './support-dialog'

const COMPOSER_DRAFT = { schema: ComposerValuesSchema, hasContent }

type CreatePrayerRequestPageProps = {
  userId: string | null
  groups: ComposerGroup[]
  names: ComposerNames
  /** Text another app shared to the installed app: it starts the details, and is saved as a draft. */
  sharedDetails?: string | null
}

// Spec 001 §2 "Create Prayer Request screen".
export function CreatePrayerRequestPage({
  userId,
  groups,
  names,
  sharedDetails = null,
}: CreatePrayerRequestPageProps) {
  const t = useT()
  const navigate = useNavigate()
  const [values, setValues] = useState<ComposerValues>(() =>
    sharedDetails ? { ...emptyComposer, details: sharedDetails } : emptyComposer,
  )
  const [touched, setTouched] = useState<Partial<Record<keyof ComposerErrors, boolean>>>({})
  const [support, setSupport] = useState<{ block: SupportBlock; id: string } | null>(null)
  // Read when a navigation starts, not at render: a success navigates before React re-renders.
  const blocking = useRef(false)
  const create = useCreateIntention()

  // A draft read that lands after the member started typing never overwrites the new input.
  const restore = useCallback(
    (draft: ComposerValues) => setValues((current) => (hasContent(current) ? current : draft)),
    [],
  )
  const draft = useDraft('prayer-composer', userId, values, restore, COMPOSER_DRAFT)
  // Worded at each render, so a language switch words them again.
  const errors = validateComposer(values)
  const isValid = Object.keys(errors).length === 0
  const dirty = hasContent(values) && !create.isSuccess
  useUnsavedChanges(dirty)
  useEffect(() => {
    blocking.current = dirty
  }, [dirty])
  const shouldBlock = useCallback(() => blocking.current, [])

  const goToWall = (highlight?: string) => {
    blocking.current = false
    // The wall comes back where it was left (issue 17); a request saved to send later waits at
    // its top, so the member lands there (a highlight scrolls to its card itself).
    void navigate({ to: '/prayerwall', search: highlight ? { highlight } : {} }).then(() => {
      if (!highlight) window.scrollTo({ top: 0, behavior: 'instant' })
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isValid || create.isPending) return
    create.mutate(toCreateBody(values), {
      onSuccess: async (intention) => {
        await draft.clear()
        // Offline: the request waits in the outbox (shown as pending) and the wall opens.
        if (!intention) goToWall()
        else if (intention.support)
          setSupport({ block: intention.support, id: intention.intention_id })
        else goToWall(intention.intention_id)
      },
    })
  }

  const failure = create.isError ? createErrorLines(create.error) : null

  return (
    <Paper
      component="section"
      aria-labelledby="create-title"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}
    >
      <Typography id="create-title" component="h1" variant="h4" sx={{ mb: 3 }}>
        {t('Create Prayer Request')}
      </Typography>
      <form noValidate onSubmit={submit} aria-labelledby="create-title">
        <Stack spacing={3}>
          <PrayerRequestFields
            values={values}
            errors={errors}
            touched={touched}
            groups={groups}
            names={names}
            onChange={setValues}
            onBlur={(field) => setTouched((current) => ({ ...current, [field]: true }))}
          />
          <div aria-live="assertive">
            {failure ? (
              <Alert severity="error">
                {failure.title}
                {failure.detail ? ` ${failure.detail}` : null}
              </Alert>
            ) : null}
          </div>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate({ to: '/prayerwall' })}>{t('Cancel')}</Button>
            <VerifiedSubmitButton variant="contained" disabled={!isValid || create.isPending}>
              {create.isPending ? t('Submitting…') : t('Submit')}
            </VerifiedSubmitButton>
          </Stack>
        </Stack>
      </form>
      <LeavePageDialog shouldBlock={shouldBlock} />
      <SupportDialog support={support?.block ?? null} onClose={() => goToWall(support?.id)} />
    </Paper>
  )
}
