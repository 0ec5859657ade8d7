import type { CreatedInvite } from '@contract/invites'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useInvites } from '../api/invites'
import { CreateInviteForm } from './create-invite-form'
import { CreatedInviteLink } from './created-invite-link'
import { InviteList } from './invite-list'
import { useT } from '@/i18n/use-t'
import { isSecondFactorRequired, SecondFactorRequired } from '@/components/second-factor-required'

/** /admin/invites (issue 38): admins and moderators create, follow and revoke invite links. */
export function InvitesPage() {
  const t = useT()
  const invites = useInvites()
  const [created, setCreated] = useState<CreatedInvite | null>(null)
  const [status, setStatus] = useState('')
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h2">
          {t('Invite links')}
        </Typography>
        <Typography color="textSecondary">
          {t(
            'When the community is invitation-only, only someone with one of these links can create an account. Members already here sign in as usual.',
          )}
        </Typography>
      </Stack>
      <CreateInviteForm
        onCreated={(invite) => {
          setCreated(invite)
          setStatus('')
        }}
      />
      {created && <CreatedInviteLink key={created.invite_id} invite={created} />}
      <Stack spacing={1.5} component="section" aria-labelledby="invite-list-title">
        <Typography id="invite-list-title" variant="h6" component="h3">
          {t('Your community’s links')}
        </Typography>
        <Typography role="status">{status}</Typography>
        {invites.isPending && <Typography role="status">{t('Loading the links…')}</Typography>}
        {invites.isError && isSecondFactorRequired(invites.error) && <SecondFactorRequired />}
        {invites.isError && !isSecondFactorRequired(invites.error) && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void invites.refetch()}>
                {t('Try again')}
              </Button>
            }
          >
            {t('Could not load the invite links. Please try again.')}
          </Alert>
        )}
        {invites.data && <InviteList invites={invites.data.items} onRevoked={setStatus} />}
      </Stack>
    </Stack>
  )
}
