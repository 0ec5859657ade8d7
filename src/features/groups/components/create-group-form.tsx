import { CreateGroupBodySchema, GROUP_LIMITS, type Group } from '@contract/groups'
import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useCreateGroup } from '../api/create-group'

// DESIGN §4: a member creates a private group and becomes its admin.
export function CreateGroupForm({ onCreated }: { onCreated: (group: Group) => void }) {
  const t = useT()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [nameTouched, setNameTouched] = useState(false)
  const create = useCreateGroup()
  const parsed = CreateGroupBodySchema.safeParse({ name, description })
  const issue = (field: string) => {
    const message = parsed.error?.issues.find((item) => item.path[0] === field)?.message
    return message === undefined ? undefined : translateText(message)
  }
  useUnsavedChanges(name.trim() !== '' || description.trim() !== '')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!parsed.success) return
    create.mutate(parsed.data, { onSuccess: onCreated })
  }

  const nameError = nameTouched ? issue('name') : undefined
  return (
    <form noValidate onSubmit={submit} aria-label={t('Create a group')}>
      <Stack spacing={2}>
        <TextField
          label={t('Group name')}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setNameTouched(true)}
          error={Boolean(nameError)}
          helperText={
            nameError ??
            t('Group name length (hint)', { min: GROUP_LIMITS.nameMin, max: GROUP_LIMITS.nameMax })
          }
        />
        <TextField
          label={t('Description (optional) (group)')}
          multiline
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(issue('description'))}
          helperText={issue('description')}
        />
        <div aria-live="assertive">
          {create.isError ? (
            <Alert severity="error">
              {create.error instanceof ApiError
                ? translateText(create.error.detail)
                : t('Could not create the group. Please try again.')}
            </Alert>
          ) : null}
        </div>
        <div>
          <VerifiedSubmitButton variant="contained" disabled={!parsed.success || create.isPending}>
            {create.isPending ? t('Creating… (group)') : t('Create group')}
          </VerifiedSubmitButton>
        </div>
      </Stack>
    </form>
  )
}
