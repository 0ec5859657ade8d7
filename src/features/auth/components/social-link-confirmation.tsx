import { AuthMessage } from '@contract/auth'
import { SOCIAL_PROVIDER_LABELS, SocialMessage } from '@contract/social-sign-in'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import {
  pendingSocialLinkQueryOptions,
  useConfirmSocialLink,
  useDeclineSocialLink,
} from '../api/social-link'
import { AuthTitle } from './auth-title'

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404

function messageFor(error: unknown): string {
  return error instanceof ApiError ? error.detail : AuthMessage.somethingWentWrong
}

/**
 * Issue 37: a provider identity joins the account only when the member signed in to it says so
 * here, knowing which provider and which account (docs/social-sign-in.md). `next` is where the
 * sign-in was going.
 */
export function SocialLinkConfirmation({ next }: { next: string }) {
  const t = useT()
  const link = useQuery(pendingSocialLinkQueryOptions())
  const confirm = useConfirmSocialLink()
  const decline = useDeclineSocialLink()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const [gone, setGone] = useState(false)

  const goOn = () => navigate({ href: next, replace: true })

  async function answer(mutation: typeof confirm) {
    setFailure(null)
    try {
      await mutation.mutateAsync()
    } catch (error) {
      if (isGone(error)) setGone(true)
      else setFailure(messageFor(error))
      return
    }
    await goOn()
  }

  if (gone || (link.isError && isGone(link.error))) {
    return (
      <>
        <AuthTitle>{t('Nothing to link')}</AuthTitle>
        <Alert severity="info" sx={{ mb: 3 }}>
          {translateText(SocialMessage.linkNotFound)}
        </Alert>
        <Button variant="contained" size="large" fullWidth onClick={() => void goOn()}>
          {t('Continue')}
        </Button>
      </>
    )
  }
  if (link.isError) {
    return (
      <>
        <AuthTitle>{t('Link your account')}</AuthTitle>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void link.refetch()}>
              {t('Try again')}
            </Button>
          }
        >
          {t('We could not check the link. Check your connection and try again.')}
        </Alert>
      </>
    )
  }
  if (!link.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <AuthTitle>{t('Link your account')}</AuthTitle>
        <CircularProgress aria-hidden />
        <Typography role="status">{t('Checking the link…')}</Typography>
      </Stack>
    )
  }

  const provider = SOCIAL_PROVIDER_LABELS[link.data.provider]
  const busy = confirm.isPending || decline.isPending
  return (
    <>
      <AuthTitle>{t('Link {provider} to your account?', { provider })}</AuthTitle>
      <Typography color="textSecondary" id="social-link-explained" sx={{ mb: 2 }}>
        {t('From now on, Continue with {provider} will sign you in to this account:', { provider })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {link.data.displayName}
        </Typography>
        <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {link.data.email}
        </Typography>
      </Paper>
      <Stack
        component="form"
        noValidate
        spacing={1.5}
        aria-describedby="social-link-explained"
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          void answer(confirm)
        }}
      >
        {failure && <Alert severity="error">{translateText(failure)}</Alert>}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={confirm.isPending}
          disabled={busy && !confirm.isPending}
        >
          {t('Link {provider}', { provider })}
        </Button>
        <Button
          variant="text"
          size="large"
          fullWidth
          loading={decline.isPending}
          disabled={busy && !decline.isPending}
          onClick={() => void answer(decline)}
        >
          {t("Don't link")}
        </Button>
      </Stack>
    </>
  )
}
