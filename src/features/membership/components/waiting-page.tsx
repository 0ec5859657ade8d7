import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useT } from '@/i18n/use-t'
import { communityPage } from '@/lib/community-page'
import { sessionQueryOptions, useSignOut } from '@/lib/session'

// While the page is open the session is asked again now and then (and when the member comes
// back to the tab): the hub is not theirs yet, so nothing would tell the page otherwise.
const CHECK_EVERY_MS = 30_000

/**
 * /waiting (issue 38, join = "approval"): a member who finished onboarding waits here until a
 * moderator approves the account, then goes on to the wall by themselves.
 */
export function WaitingPage() {
  const t = useT()
  const navigate = useNavigate()
  const { signOut, isSigningOut } = useSignOut()
  const session = useQuery({
    ...sessionQueryOptions(),
    refetchInterval: CHECK_EVERY_MS,
    refetchOnWindowFocus: 'always',
  })
  const [checked, setChecked] = useState(false)
  const approved = session.data?.isAuthenticated === true && !session.data.isPending

  useEffect(() => {
    if (approved) void navigate({ to: '/prayerwall', replace: true })
  }, [approved, navigate])

  const checkAgain = async () => {
    setChecked(false)
    await session.refetch()
    setChecked(true)
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Stack spacing={3} component="section" aria-labelledby="waiting-title">
        <Typography id="waiting-title" variant="h4" component="h1">
          {t('Waiting for approval')}
        </Typography>
        <Typography>
          {t(
            'Thank you for joining {communityName}. A moderator welcomes every new member before they join the community, to keep it a safe place to pray together.',
            { communityName: communityPage.name },
          )}
        </Typography>
        <Stack spacing={1} component="section" aria-labelledby="waiting-next">
          <Typography id="waiting-next" variant="h6" component="h2">
            {t('What happens next')}
          </Typography>
          <Typography component="ol" sx={{ paddingInlineStart: 3, m: 0, '& li + li': { mt: 1 } }}>
            <li>{t('A moderator looks at your account soon.')}</li>
            <li>
              {t(
                'We email you as soon as you are approved. If this page is open, it takes you to the prayer wall by itself.',
              )}
            </li>
            <li>{t('Until then, the prayer wall and your notifications stay closed.')}</li>
          </Typography>
        </Stack>
        <Typography role="status" aria-live="polite" color="textSecondary">
          {approved
            ? t('You have been approved. Opening the prayer wall…')
            : checked && !session.isFetching
              ? t('Still waiting for approval.')
              : ''}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button
            variant="contained"
            size="large"
            onClick={() => void checkAgain()}
            disabled={session.isFetching}
          >
            {session.isFetching ? t('Checking…') : t('Check again')}
          </Button>
          <Button
            variant="outlined"
            size="large"
            onClick={() => void signOut()}
            disabled={isSigningOut}
          >
            {isSigningOut ? t('Signing out…') : t('Sign out')}
          </Button>
        </Stack>
      </Stack>
    </Container>
  )
}
