import { type SocialProvider, SocialProviderSchema } from '@contract/auth'
import { SOCIAL_PROVIDER_LABELS } from '@contract/social-sign-in'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useRouterState } from '@tanstack/react-router'
import { useT } from '@/i18n/use-t'
import { socialStartUrl } from '../api/social-sign-in'
import { readInvite } from '../invite-code'

type SocialSignInButtonsProps = { providers?: readonly SocialProvider[] }

// Spec 000 §4 "Social login": a real navigation to the provider's start endpoint, with next set
// to the current path and query (the auth layout then forwards to the stored target).
export function SocialSignInButtons({
  providers = SocialProviderSchema.options,
}: SocialSignInButtonsProps) {
  const t = useT()
  const here = useRouterState({ select: (state) => state.location.href })
  return (
    <Stack spacing={1.5}>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outlined"
          size="large"
          fullWidth
          onClick={() => window.location.assign(socialStartUrl(provider, here, readInvite()))}
        >
          {t('Continue with {provider}', { provider: SOCIAL_PROVIDER_LABELS[provider] })}
        </Button>
      ))}
    </Stack>
  )
}
