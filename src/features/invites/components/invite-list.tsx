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
import { ApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/date-formats'
import { useRevokeInvite } from '../api/invites'

const STATE_LABELS: Record<InviteState, string> = {
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
  revoked: 'Revoked',
}

const usesText = ({ uses, max_uses }: Invite) =>
  max_uses === null ? `Uses: ${uses} (no limit)` : `Uses: ${uses} of ${max_uses}`

const expiryText = ({ expires_at }: Invite) =>
  expires_at === null ? 'Never expires' : `Expires: ${formatDateTime(new Date(expires_at))}`

/** Every link, newest first: a card each, phone first; an active one can be revoked. */
export function InviteList({
  invites,
  onRevoked,
}: {
  invites: Invite[]
  onRevoked: (message: string) => void
}) {
  const [revoking, setRevoking] = useState<Invite | null>(null)
  if (invites.length === 0)
    return <Typography color="textSecondary">No invite links yet.</Typography>
  return (
    <>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {invites.map((invite) => (
          <Paper component="li" key={invite.invite_id} variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={0.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h4" sx={{ fontWeight: 600 }}>
                  Link starting {invite.code_hint}…
                </Typography>
                <Chip
                  size="small"
                  label={STATE_LABELS[invite.state]}
                  color={invite.state === 'active' ? 'success' : 'default'}
                />
              </Stack>
              <Typography variant="body2">{usesText(invite)}</Typography>
              <Typography variant="body2">{expiryText(invite)}</Typography>
              <Typography variant="body2" color="textSecondary">
                Created {formatDateTime(new Date(invite.created_at))}
                {invite.created_by ? ` by ${invite.created_by}` : ''}
              </Typography>
              {invite.state !== 'revoked' && (
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setRevoking(invite)}
                  sx={{ alignSelf: 'flex-start', mt: 1 }}
                  aria-label={`Revoke the link starting ${invite.code_hint}`}
                >
                  Revoke
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
  const revoke = useRevokeInvite()
  const confirm = () =>
    revoke.mutate(invite.invite_id, {
      onSuccess: () => {
        onRevoked(`The link starting ${invite.code_hint} is revoked.`)
        onClose()
      },
    })
  return (
    <Dialog open onClose={onClose} aria-labelledby="revoke-invite-title">
      <DialogTitle id="revoke-invite-title">Revoke this invite link?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Nobody can create an account with the link starting {invite.code_hint} any more. Members
          who joined with it stay members.
        </DialogContentText>
        {revoke.isError && (
          <DialogContentText role="alert" color="error" sx={{ mt: 2 }}>
            {revoke.error instanceof ApiError
              ? revoke.error.detail
              : 'Could not revoke the link. Check your connection and try again.'}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={revoke.isPending}>
          Revoke link
        </Button>
      </DialogActions>
    </Dialog>
  )
}
