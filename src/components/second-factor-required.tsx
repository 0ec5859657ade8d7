import { TwoStepErrorCode, TwoStepMessage } from '@contract/two-step'
import Alert from '@mui/material/Alert'
import { ApiError } from '@/lib/api-client'
import { TextLink } from './text-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

/** Issue 39: a staff call refused because this session proved no second factor. */
export function isSecondFactorRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === TwoStepErrorCode.secondFactorRequired
}

/** What a moderator or admin sees instead of their screen, with the way to the setup. */
export function SecondFactorRequired() {
  const t = useT()
  return (
    <Alert severity="warning" role="alert">
      {translateText(TwoStepMessage.secondFactorRequired)}.{' '}
      <TextLink to="/settings/account" hash="two-step">
        {t('Set up two-step sign-in')}
      </TextLink>
    </Alert>
  )
}
