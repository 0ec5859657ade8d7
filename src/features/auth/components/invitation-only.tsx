import { InviteErrorCode, InviteErrorMessage } from '@contract/invites'
import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ButtonLink } from '@/components/button-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { AuthTitle } from './auth-title'

type InvitationOnlyProps = {
  /** Why this invite cannot be used (expired, used up…); none = the visitor has no invite. */
  problem?: string | undefined
}

// Issue 38: what a visitor of an invite-only community sees instead of a sign-up: members still
// sign in; newcomers need a link from the people who run it.
export function InvitationOnly({ problem }: InvitationOnlyProps) {
  const t = useT()
  return (
    <>
      <AuthTitle>{t('This community is invitation-only')}</AuthTitle>
      <Stack spacing={2.5}>
        {problem ? (
          <Alert severity="warning">{translateText(problem)}</Alert>
        ) : (
          <Typography>{translateText(InviteErrorMessage[InviteErrorCode.required])}</Typography>
        )}
        <Typography color="textSecondary">
          {t('Already a member? Log in with your email, Google or Facebook.')}
        </Typography>
        <ButtonLink to="/login" variant="contained" size="large" fullWidth>
          {t('Log in')}
        </ButtonLink>
      </Stack>
    </>
  )
}
