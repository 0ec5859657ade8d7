import { ACCOUNT_DELETION_MESSAGES as M } from '@contract/account-deletion'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useDeleteAccount } from '../api/delete-account'
import { refusalOf } from './problem-fields'

type Field = 'password' | 'confirm'

/**
 * Issue 40 "Delete my account", the account screen's danger zone: the password (an account
 * without one was signed in to within minutes, which the server checks), the display name typed
 * out, then a last dialog. Checked here for what the form alone can tell, and by the server.
 */
export function DeleteAccountSection({
  displayName,
  hasPassword,
}: {
  displayName: string
  hasPassword: boolean
}) {
  const t = useT()
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const remove = useDeleteAccount()

  function check(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const found: Partial<Record<Field, string>> = {}
    if (hasPassword && values.password === '') found.password = M.passwordRequired
    if (values.confirm.trim() !== displayName) found.confirm = M.confirmMismatch
    setErrors(found)
    if (Object.keys(found).length === 0) setAsking(true)
  }

  async function confirm() {
    try {
      await remove.mutateAsync({
        ...(hasPassword ? { password: values.password } : {}),
        confirm: values.confirm.trim(),
      })
    } catch (error) {
      setAsking(false)
      const refusal = refusalOf(error, ['password', 'confirm'] as const)
      setErrors(refusal.fields)
      setFailure(refusal.form)
    }
  }

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <TextField
      label={label}
      type={type}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }))
        setErrors(({ [name]: _, ...rest }) => rest)
      }}
      error={errors[name] !== undefined}
      helperText={errors[name] && translateText(errors[name])}
      fullWidth
    />
  )

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={check}>
      <Typography variant="body2">{translateText(M.explanation)}</Typography>
      {hasPassword ? (
        field('password', translateText(M.passwordLabel), 'password', 'current-password')
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translateText(M.recentSignInRequired)}
        </Typography>
      )}
      {/* M.confirmLabel's words, in the member's language. */}
      {field(
        'confirm',
        t('Type your display name ({displayName}) to confirm', { displayName }),
        'text',
        'off',
      )}
      {failure && <Alert severity="error">{translateText(failure)}</Alert>}
      <Button type="submit" variant="outlined" color="error" sx={{ alignSelf: 'start' }}>
        {translateText(M.deleteButton)}
      </Button>
      <Dialog
        open={asking}
        onClose={() => !remove.isPending && setAsking(false)}
        aria-labelledby="delete-account-dialog-title"
        aria-describedby="delete-account-dialog-text"
      >
        <DialogTitle id="delete-account-dialog-title">{translateText(M.dialogTitle)}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-account-dialog-text">
            {translateText(M.dialogText)}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={remove.isPending} autoFocus>
            {translateText(M.cancel)}
          </Button>
          <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending}>
            {translateText(M.confirmButton)}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  )
}
