import type { SocialProvider } from '@contract/auth'
import {
  type LinkedIdentities,
  LinkedSignInMessage,
  SOCIAL_PROVIDER_LABELS,
} from '@contract/social-sign-in'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { signOut } from '@/lib/session'
import {
  linkedSignInsQueryOptions,
  socialLinkStartUrl,
  useUnlinkSignIn,
} from '../api/linked-sign-ins'
import { ConfirmRemovalDialog } from './confirm-removal-dialog'
import { refusalOf } from './problem-fields'

const ACCOUNT_PATH = '/settings/account'
const RECENT_NOTICE_ID = 'linked-sign-ins-recent-notice'

function UnlinkDialog({ provider, onClose }: { provider: SocialProvider; onClose: () => void }) {
  const t = useT()
  const label = SOCIAL_PROVIDER_LABELS[provider]
  const unlink = useUnlinkSignIn()
  return (
    <ConfirmRemovalDialog
      title={t('Unlink {provider}?', { provider: label })}
      explanation={t(
        'You will no longer be able to sign in with {provider}. You can link it again later.',
        { provider: label },
      )}
      action={t('Unlink')}
      remove={() => unlink.mutateAsync(provider)}
      messageOf={(failure) => refusalOf(failure, [] as const).form ?? t('Please try again.')}
      onClose={onClose}
    />
  )
}

function ProviderItem({
  provider,
  answer,
  onUnlink,
}: {
  provider: SocialProvider
  answer: LinkedIdentities
  onUnlink: () => void
}) {
  const t = useT()
  const language = useLanguage()
  const label = SOCIAL_PROVIDER_LABELS[provider]
  const linked = answer.items.find((item) => item.provider === provider)
  const lastWay = linked !== undefined && !linked.removable
  // Why Unlink is unavailable is said beside it: a disabled button alone explains nothing.
  const noteId = `linked-sign-in-${provider}-note`
  const status = linked
    ? t('Linked on {date}', {
        date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
          new Date(linked.linked_at),
        ),
      })
    : t('Not linked')
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        // A brand's name: the same in every language.
        primary={<bdi translate="no">{label}</bdi>}
        secondary={
          lastWay ? `${status}. ${translateText(LinkedSignInMessage.lastWayToSignIn)}` : status
        }
        slotProps={{ secondary: { id: noteId } }}
      />
      {linked ? (
        <Button
          color="error"
          onClick={onUnlink}
          disabled={lastWay || !answer.recent_sign_in}
          aria-label={t('Unlink {provider}', { provider: label })}
          aria-describedby={answer.recent_sign_in ? noteId : `${noteId} ${RECENT_NOTICE_ID}`}
        >
          {t('Unlink')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          // A real navigation: the provider's page, then the callback page, then back here.
          {...(answer.recent_sign_in
            ? { href: socialLinkStartUrl(provider) }
            : { disabled: true, 'aria-describedby': RECENT_NOTICE_ID })}
          aria-label={t('Link {provider}', { provider: label })}
        >
          {t('Link')}
        </Button>
      )}
    </ListItem>
  )
}

/**
 * Issue 39: the Google and Facebook accounts the member signs in with. Linking goes through the
 * provider; both it and unlinking need a recent sign-in, and the last way in cannot be unlinked.
 */
export function LinkedSignInsSection() {
  const t = useT()
  const identities = useQuery(linkedSignInsQueryOptions())
  const [unlinking, setUnlinking] = useState<SocialProvider | null>(null)
  // The callback page says what it linked when it brings the member back here.
  const linkedNotice = useRouterState({ select: (state) => state.location.state.notice })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const signInAgain = () =>
    signOut(queryClient, () => navigate({ to: '/login', search: { next: ACCOUNT_PATH } }))

  const answer = identities.data
  // A provider no longer offered stays listed while it is linked, so it can still be unlinked.
  const shown = answer
    ? [
        ...answer.available,
        ...answer.items.map((item) => item.provider).filter((p) => !answer.available.includes(p)),
      ]
    : []

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {t(
          'Sign in with Google or Facebook as well as, or instead of, a password. Only you see this list.',
        )}
      </Typography>
      <div role="status">
        {linkedNotice && <Alert severity="success">{translateText(linkedNotice)}</Alert>}
      </div>
      {identities.isPending && <CircularProgress aria-label={t('Loading your linked sign-ins')} />}
      {identities.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void identities.refetch()}>
              {t('Try again')}
            </Button>
          }
        >
          {t('Could not load your linked sign-ins.')}
        </Alert>
      )}
      {answer && !answer.recent_sign_in && (
        <Alert
          id={RECENT_NOTICE_ID}
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => void signInAgain()}>
              {t('Sign in again')}
            </Button>
          }
        >
          {translateText(LinkedSignInMessage.recentSignInRequired)}
        </Alert>
      )}
      {answer && shown.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('Signing in with Google or Facebook is not available here.')}
        </Typography>
      )}
      {answer && shown.length > 0 && (
        <List aria-label={t('Linked sign-ins')} disablePadding>
          {shown.map((provider) => (
            <ProviderItem
              key={provider}
              provider={provider}
              answer={answer}
              onUnlink={() => setUnlinking(provider)}
            />
          ))}
        </List>
      )}
      {unlinking && <UnlinkDialog provider={unlinking} onClose={() => setUnlinking(null)} />}
    </Stack>
  )
}
