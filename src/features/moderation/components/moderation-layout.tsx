import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { ButtonLink } from '@/components/button-link'
import { useT } from '@/i18n/use-t'
import { useModerationAccess } from '../hooks/use-moderation-access'
import { LoadingLine } from './loading-line'
import { NotAllowed } from './not-allowed'

// /moderation and its screens: moderators and admins only (issue 8). Admin-only screens add
// their own check (AdminOnly).
export function ModerationLayout({ children }: { children: ReactNode }) {
  const t = useT()
  const { access, retry } = useModerationAccess()
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      {access === 'checking' && <LoadingLine label={t('Checking your access…')} />}
      {access === 'unavailable' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={retry}>
              {t('Try again')}
            </Button>
          }
        >
          {t('Could not check your access. Please try again.')}
        </Alert>
      )}
      {access === 'denied' && <NotAllowed need="moderator" headingLevel="h1" />}
      {(access === 'moderator' || access === 'admin') && (
        <Stack spacing={3}>
          <Typography variant="h4" component="h1">
            {t('Moderation')}
          </Typography>
          <ModerationNav isAdmin={access === 'admin'} />
          {children}
        </Stack>
      )}
    </Container>
  )
}

const activeOptions = { exact: true }

function ModerationNav({ isAdmin }: { isAdmin: boolean }) {
  const t = useT()
  const activeProps = { variant: 'contained' as const }
  return (
    <Stack
      component="nav"
      aria-label={t('Moderation')}
      direction="row"
      spacing={1}
      sx={{ flexWrap: 'wrap', gap: 1 }}
    >
      <ButtonLink to="/moderation" activeOptions={activeOptions} activeProps={activeProps}>
        {t('Review queue')}
      </ButtonLink>
      <ButtonLink to="/moderation/members" activeProps={activeProps}>
        {t('Waiting members')}
      </ButtonLink>
      <ButtonLink to="/moderation/blocklist" activeProps={activeProps}>
        {t('Blocked phrases')}
      </ButtonLink>
      <ButtonLink to="/admin/invites" activeProps={activeProps}>
        {t('Invite links (moderation tab)')}
      </ButtonLink>
      {isAdmin && (
        <>
          <ButtonLink to="/moderation/audit" activeProps={activeProps}>
            {t('Audit log')}
          </ButtonLink>
          <ButtonLink to="/moderation/roles" activeProps={activeProps}>
            {t('Roles')}
          </ButtonLink>
          <ButtonLink to="/admin/community" activeProps={activeProps}>
            {t('Community (moderation tab)')}
          </ButtonLink>
        </>
      )}
    </Stack>
  )
}

/** The audit log and the roles screen: admins only. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { access } = useModerationAccess()
  return access === 'admin' ? children : <NotAllowed need="admin" headingLevel="h2" />
}
