import type { Invite, InviteState } from '@contract/invites'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { type MessageId, t as translate, translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useRevokeInvite } from '../api/invites'

const STATE_LABELS: Record<InviteState, MessageId> = {
  active: 'Active (invite link)',
  expired: 'Expired (invite link)',
  used_up: 'Used up (invite link)',
  revoked: 'Revoked (invite link)',
}

type Translate = ReturnType<typeof useT>

const dateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )

const usesText = (t: Translate, { uses, max_uses }: Invite) =>
  max_uses === null
    ? t('Uses: {uses} (no limit)', { uses })
    : t('Uses: {uses} of {maxUses}', { uses, maxUses: max_uses })

const expiryText = (t: Translate, language: string, { expires_at }: Invite) =>
  expires_at === null
    ? t('Never expires')
    : t('Expires: {date}', { date: dateTime(expires_at, language) })

/** Every link, newest first: a card each, phone first; an active one can be revoked. */
export function InviteList({
  invites,
  onRevoked,
}: {
  invites: Invite[]
  onRevoked: (message: string) => void
}) {
  const t = useT()
  const language = useLanguage()
  const [revoking, setRevoking] = useState<Invite | null>(null)
  if (invites.length === 0)
    return <Typography color="textSecondary">{t('No invite links yet.')}</Typography>
  return (
    <>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {invites.map((invite) => (
          <Paper component="li" key={invite.invite_id} variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={0.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h4" sx={{ fontWeight: 600 }}>
                  {t('Link starting {hint}…', { hint: invite.code_hint })}
                </Typography>
                <Chip
                  size="small"
                  label={t(STATE_LABELS[invite.state])}
                  color={invite.state === 'active' ? 'success' : 'default'}
                />
              </Stack>
              <Typography variant="body2">{usesText(t, invite)}</Typography>
              <Typography variant="body2">{expiryText(t, language, invite)}</Typography>
              <Typography variant="body2" color="textSecondary">
                {invite.created_by
                  ? t('Created {date} by {name}', {
                      date: dateTime(invite.created_at, language),
                      name: invite.created_by,
                    })
                  : t('Created {date}', { date: dateTime(invite.created_at, language) })}
              </Typography>
              {invite.state !== 'revoked' && (
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setRevoking(invite)}
                  sx={{ alignSelf: 'flex-start', mt: 1 }}
                  aria-label={t('Revoke the link starting {hint}', { hint: invite.code_hint })}
                >
                  {t('Revoke')}
                </Button>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {revoking && (
        <RevokeDialog invite={revoking} onClose={() => setRevoking(null)} onRevoked={onRevoked} />
      )}
    </>
  )
}

function RevokeDialog({
  invite,
  onClose,
  onRevoked,
}: {
  invite: Invite
  onClose: () => void
  onRevoked: (message: string) => void
}) {
  const t = useT()
  const revoke = useRevokeInvite()
  const confirm = () =>
    revoke.mutate(invite.invite_id, {
      onSuccess: () => {
        onRevoked(translate('The link starting {hint} is revoked.', { hint: invite.code_hint }))
        onClose()
      },
    })
  return (
    <Dialog open onClose={onClose} aria-labelledby="revoke-invite-title">
      <DialogTitle id="revoke-invite-title">{t('Revoke this invite link?')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(
            'Nobody can create an account with the link starting {hint} any more. Members who joined with it stay members.',
            { hint: invite.code_hint },
          )}
        </DialogContentText>
        {revoke.isError && (
          <DialogContentText role="alert" color="error" sx={{ mt: 2 }}>
            {revoke.error instanceof ApiError
              ? translateText(revoke.error.detail)
              : t('Could not revoke the link. Check your connection and try again.')}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={revoke.isPending}>
          {t('Revoke link')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
