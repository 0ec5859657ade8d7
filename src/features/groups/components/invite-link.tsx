import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

const STATUS_TEXT = {
  copied: 'Invite link copied.',
  failed: 'Could not copy. Select the link and copy it by hand.',
} satisfies Record<string, MessageId>

export function inviteLink(code: string): string {
  return `${window.location.origin}/groups/join?code=${encodeURIComponent(code)}`
}

// The invite link is how a private group grows (DESIGN §4): copy it, or hand it to the
// device's share sheet where there is one.
export function InviteLink({ code, groupName }: { code: string; groupName: string }) {
  const t = useT()
  const link = inviteLink(code)
  // What happened, worded at render so a language switch re-renders it in the new language.
  const [status, setStatus] = useState<keyof typeof STATUS_TEXT | null>(null)
  const canShare = typeof navigator.share === 'function'

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setStatus('copied')
    } catch {
      setStatus('failed')
    }
  }

  const share = () =>
    navigator
      .share({
        title: groupName,
        text: t('Group invite share text', { name: groupName }),
        url: link,
      })
      .catch(() => undefined)

  return (
    <Stack spacing={1}>
      <TextField
        label={t('Invite link')}
        value={link}
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void copy()}>
          {t('Copy link')}
        </Button>
        {canShare ? (
          <Button variant="outlined" onClick={() => void share()}>
            {t('Share')}
          </Button>
        ) : null}
      </Stack>
      <Typography role="status" variant="body2">
        {status && t(STATUS_TEXT[status])}
      </Typography>
    </Stack>
  )
}
