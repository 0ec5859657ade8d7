import Typography from '@mui/material/Typography'
import { AuthMessage } from '@contract/auth'
import { ButtonLink } from '@/components/button-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { AuthTitle } from './auth-title'

// Spec 000 §2/§8: an invalid or expired reset link gets this page, with a way to ask again.
export function InvalidResetLink() {
  const t = useT()
  return (
    <>
      <AuthTitle>{translateText(AuthMessage.invalidLink)}</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t('This password reset link cannot be used. Links work once and expire after an hour.')}
      </Typography>
      <ButtonLink to="/forgot-password" variant="contained">
        {t('Ask for a new link')}
      </ButtonLink>
    </>
  )
}
