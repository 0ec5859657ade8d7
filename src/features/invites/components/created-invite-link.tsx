import type { CreatedInvite } from '@contract/invites'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useT } from '@/i18n/use-t'

// The server keeps only the code's hash: this is the one moment the link can be copied.
export function CreatedInviteLink({ invite }: { invite: CreatedInvite }) {
  const t = useT()
  const [status, setStatus] = useState('')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.url)
      setStatus(t('Invite link copied.'))
    } catch {
      setStatus(t('Could not copy. Select the link and copy it by hand.'))
    }
  }
  return (
    <Alert severity="success" icon={false}>
      <Stack spacing={1.5}>
        <Typography>
          {t(
            'Your new invite link. Copy it now: it is shown only this once. If it is lost, revoke it and create another.',
          )}
        </Typography>
        <TextField
          label={t('New invite link')}
          value={invite.url}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          autoFocus
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outlined" onClick={() => void copy()} sx={{ alignSelf: 'flex-start' }}>
          {t('Copy link')}
        </Button>
        <Typography role="status" variant="body2">
          {status}
        </Typography>
      </Stack>
    </Alert>
  )
}
