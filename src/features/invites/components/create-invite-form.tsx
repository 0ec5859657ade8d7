import { type CreatedInvite, CreateInviteBodySchema } from '@contract/invites'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useCreateInvite } from '../api/invites'

type Field = 'expires_at' | 'max_uses'

/** The form's text as the call's body: empty means "never" and "no limit". */
function bodyOf(expires: string, maxUses: string) {
  const at = expires === '' ? null : new Date(expires)
  return CreateInviteBodySchema.safeParse({
    expires_at: at === null ? null : Number.isNaN(at.getTime()) ? expires : at.toISOString(),
    max_uses: maxUses.trim() === '' ? null : Number(maxUses),
  })
}

// Issue 38: a new link with an optional expiry (the admin's local time) and use count. The
// server's refusal is shown at its field, as the contract's own check is before sending.
export function CreateInviteForm({ onCreated }: { onCreated: (invite: CreatedInvite) => void }) {
  const t = useT()
  const [expires, setExpires] = useState('')
  const [maxUses, setMaxUses] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const create = useCreateInvite()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = bodyOf(expires, maxUses)
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])),
      )
      return
    }
    setErrors({})
    create.mutate(parsed.data, {
      onSuccess: (invite) => {
        setExpires('')
        setMaxUses('')
        onCreated(invite)
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length > 0)
          setErrors(
            Object.fromEntries(error.fieldErrors.map((field) => [field.field, field.message])),
          )
      },
    })
  }
  const otherError =
    create.isError && !(create.error instanceof ApiError && create.error.fieldErrors.length > 0)
      ? create.error instanceof ApiError
        ? translateText(create.error.detail)
        : t('Could not create the link. Check your connection and try again.')
      : null

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-labelledby="create-invite-title"
    >
      <Typography id="create-invite-title" variant="h6" component="h3">
        {t('Create an invite link')}
      </Typography>
      <TextField
        label={t('Expires (optional)')}
        type="datetime-local"
        name="expires_at"
        value={expires}
        onChange={(event) => setExpires(event.target.value)}
        error={errors.expires_at !== undefined}
        helperText={
          errors.expires_at
            ? translateText(errors.expires_at)
            : t('Leave empty for a link that never expires.')
        }
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('Number of uses (optional)')}
        type="number"
        name="max_uses"
        value={maxUses}
        onChange={(event) => setMaxUses(event.target.value)}
        error={errors.max_uses !== undefined}
        helperText={
          errors.max_uses ? translateText(errors.max_uses) : t('Leave empty for no limit.')
        }
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
      />
      {otherError && <Alert severity="error">{otherError}</Alert>}
      <Button type="submit" variant="contained" loading={create.isPending}>
        {t('Create link')}
      </Button>
    </Stack>
  )
}
