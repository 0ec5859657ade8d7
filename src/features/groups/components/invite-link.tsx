import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

export function inviteLink(code: string): string {
  return `${window.location.origin}/groups/join?code=${encodeURIComponent(code)}`
}

// The invite link is how a private group grows (DESIGN §4): copy it, or hand it to the
// device's share sheet where there is one.
export function InviteLink({ code, groupName }: { code: string; groupName: string }) {
  const link = inviteLink(code)
  const [status, setStatus] = useState('')
  const canShare = typeof navigator.share === 'function'

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setStatus('Invite link copied.')
    } catch {
      setStatus('Could not copy. Select the link and copy it by hand.')
    }
  }

  const share = () =>
    navigator
      .share({ title: groupName, text: `Join ${groupName} to pray together.`, url: link })
      .catch(() => undefined)

  return (
    <Stack spacing={1}>
      <TextField
        label="Invite link"
        value={link}
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy link
        </Button>
        {canShare ? (
          <Button variant="outlined" onClick={() => void share()}>
            Share
          </Button>
        ) : null}
      </Stack>
      <Typography role="status" variant="body2">
        {status}
      </Typography>
    </Stack>
  )
}
