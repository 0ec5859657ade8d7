import {
  PASSKEY_NAME_MAX_LENGTH,
  PasskeyMessage,
  PasskeyRenameBodySchema,
  type Passkey,
} from '@contract/passkeys'
import { EmailChangeMessage } from '@contract/users-email-change'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { type MessageId, t as translate, translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { passkeyCancelled } from '@/lib/passkey-cancelled'
import {
  passkeysQueryOptions,
  useAddPasskey,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/passkeys'
import { ConfirmRemovalDialog } from './confirm-removal-dialog'
import { refusalOf } from './problem-fields'

const messageOf = (error: unknown) =>
  refusalOf(error, [] as const).form ?? translate('Please try again.')

function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const t = useT()
  const [name, setName] = useState(passkey.name)
  const [error, setError] = useState<string | null>(null)
  const rename = useRenamePasskey()
  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = PasskeyRenameBodySchema.safeParse({ name })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null)
    try {
      await rename.mutateAsync({ id: passkey.id, ...parsed.data })
      onClose()
    } catch (failure) {
      setError(messageOf(failure))
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="passkey-rename-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="passkey-rename-title">{t('Rename passkey')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('Name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              setError(null)
            }}
            slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX_LENGTH } }}
            error={error !== null}
            helperText={error && translateText(error)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button type="submit" variant="contained" loading={rename.isPending}>
            {t('Save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

function RemoveDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const t = useT()
  const remove = useRemovePasskey()
  return (
    <ConfirmRemovalDialog
      title={t('Remove “{name}”?', { name: passkey.name })}
      explanation={t(
        'You will no longer be able to sign in with this passkey. It also stays on your device until you delete it there.',
      )}
      action={t('Remove')}
      remove={() => remove.mutateAsync(passkey.id)}
      messageOf={messageOf}
      onClose={onClose}
    />
  )
}

function PasskeyItem({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey
  onRename: () => void
  onRemove: () => void
}) {
  const t = useT()
  const language = useLanguage()
  const full = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' })
  const added = full.format(new Date(passkey.created_at))
  const used = passkey.last_used_at
    ? t('Last used {date}', { date: full.format(new Date(passkey.last_used_at)) })
    : t('Not used yet')
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={passkey.name}
        secondary={t('Added {date} · {used}', { date: added, used })}
      />
      <Stack direction="row" spacing={1}>
        <Button onClick={onRename} aria-label={t('Rename passkey {name}', { name: passkey.name })}>
          {t('Rename')}
        </Button>
        <Button
          color="error"
          onClick={onRemove}
          aria-label={t('Remove passkey {name}', { name: passkey.name })}
        >
          {t('Remove')}
        </Button>
      </Stack>
    </ListItem>
  )
}

/**
 * Issue 39: the member's passkeys. Adding one asks for the password first, as the email change
 * does; cancelling the browser's sheet is said quietly, not as an error.
 */
export function PasskeysSection({ hasPassword }: { hasPassword: boolean }) {
  const t = useT()
  const passkeys = useQuery(passkeysQueryOptions())
  const add = useAddPasskey()
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [notice, setNotice] = useState<{
    severity: 'info' | 'error' | 'success'
    text: string
  } | null>(null)
  const [renaming, setRenaming] = useState<Passkey | null>(null)
  const [removing, setRemoving] = useState<Passkey | null>(null)
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window

  async function submit(event: FormEvent) {
    event.preventDefault()
    setNotice(null)
    if (hasPassword && password === '') return setPasswordError(PasskeyMessage.passwordRequired)
    try {
      await add.mutateAsync(hasPassword ? password : undefined)
      setPassword('')
      setNotice({ severity: 'success', text: 'Your passkey was added.' satisfies MessageId })
    } catch (error) {
      if (passkeyCancelled(error))
        return setNotice({ severity: 'info', text: 'No passkey was added.' satisfies MessageId })
      // Re-authentication's refusals name the password field; without one (a sign-in too long
      // ago) they are said above the button.
      const refused = refusalOf(error, ['password'] as const).fields.password
      if (refused && hasPassword) return setPasswordError(refused)
      const text =
        error instanceof ApiError
          ? error.detail
          : ('Your device could not make a passkey. Please try again.' satisfies MessageId)
      setNotice({ severity: 'error', text })
    }
  }

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {t(
          'A passkey signs you in with your phone’s or computer’s screen lock instead of a password.',
        )}
      </Typography>
      {passkeys.isPending && <CircularProgress aria-label={t('Loading your passkeys')} />}
      {passkeys.isError && <Alert severity="error">{t('Could not load your passkeys.')}</Alert>}
      {passkeys.data && passkeys.data.items.length > 0 && (
        <List aria-label={t('Passkeys')} disablePadding>
          {passkeys.data.items.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onRename={() => setRenaming(passkey)}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </List>
      )}
      <div role="status">
        {notice && <Alert severity={notice.severity}>{translateText(notice.text)}</Alert>}
      </div>
      {supported ? (
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          {hasPassword && (
            <TextField
              label={translateText(EmailChangeMessage.passwordLabel)}
              type="password"
              name="passkey-password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value)
                setPasswordError(null)
              }}
              error={passwordError !== null}
              helperText={passwordError && translateText(passwordError)}
            />
          )}
          <Button
            type="submit"
            variant="outlined"
            loading={add.isPending}
            sx={{ alignSelf: 'start' }}
          >
            {t('Add a passkey')}
          </Button>
        </Stack>
      ) : (
        <Alert severity="info">{t('This browser cannot make passkeys.')}</Alert>
      )}
      {renaming && <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  )
}
