import { GROUP_MESSAGES, type Group, JoinGroupBodySchema } from '@contract/groups'
import Alert from '@mui/material/Alert'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError, NetworkError } from '@/lib/api-client'
import { useJoinGroup } from '../api/join-group'

// /groups/join?code=: the page an invite link opens. Joining is an explicit step; the group's
// name is only known once the code is accepted (DESIGN §4: outsiders learn nothing).
export function JoinGroupPage({
  initialCode,
  onJoined,
}: {
  initialCode: string
  onJoined: (group: Group) => void
}) {
  const t = useT()
  const [code, setCode] = useState(initialCode)
  const join = useJoinGroup()
  const parsed = JoinGroupBodySchema.safeParse({ code })
  const codeIssue = code === '' ? undefined : parsed.error?.issues[0]?.message
  const codeError = codeIssue === undefined ? undefined : translateText(codeIssue)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (parsed.success) join.mutate(parsed.data.code, { onSuccess: onJoined })
  }

  const failure =
    join.error instanceof ApiError
      ? translateText(join.error.detail)
      : join.error instanceof NetworkError
        ? t('Network error (join group)')
        : join.isError
          ? translateText(GROUP_MESSAGES.codeInvalid)
          : null

  return (
    <Paper
      component="section"
      aria-labelledby="join-title"
      sx={{ p: 3, maxWidth: 560, mx: 'auto' }}
    >
      <form noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <Typography id="join-title" component="h1" variant="h4">
            {t('Join a private group')}
          </Typography>
          <Typography>
            {t(
              'You have been invited to pray with a private group. Its prayers are visible only to its members.',
            )}
          </Typography>
          <TextField
            label={t('Invite code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={Boolean(codeError)}
            helperText={codeError}
          />
          <div aria-live="assertive">
            {failure ? <Alert severity="error">{failure}</Alert> : null}
          </div>
          <div>
            <VerifiedSubmitButton variant="contained" disabled={!parsed.success || join.isPending}>
              {join.isPending ? t('Joining…') : t('Join group')}
            </VerifiedSubmitButton>
          </div>
        </Stack>
      </form>
    </Paper>
  )
}
