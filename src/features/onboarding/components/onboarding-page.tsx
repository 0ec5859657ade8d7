import type { Profile } from '@contract/users'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { Navigate } from '@tanstack/react-router'
import { type ComponentType, useState } from 'react'
import { useT } from '@/i18n/use-t'
import { useCurrentUser } from '../api/get-current-user'
import { OnboardingForm } from './onboarding-form'

type OnboardingPageProps = {
  /** The profile was saved; the caller decides what follows (spec 000 §4: verification modal). */
  onSaved: (saved: Profile) => void
  /**
   * Issue 42: the language menu, saved to the account as soon as it is chosen; handed in by the
   * route, which composes it from the account feature (`current` is the account's setting).
   */
  LanguageChoice?: ComponentType<{ current: unknown }>
}

function welcomeName(profile: Profile): string | null {
  return profile.onboarding_profile?.first_name ?? profile.first_name ?? profile.display_name
}

// Spec 000 §2 onboarding screen: 'Checking your account…', then a welcome and the form.
export function OnboardingPage({ onSaved, LanguageChoice }: OnboardingPageProps) {
  const t = useT()
  const currentUser = useCurrentUser()
  // A profile completed here stays on this page for the verification step that follows.
  const [savedHere, setSavedHere] = useState(false)

  let body
  if (currentUser.isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('Checking your account…')}</Typography>
      </Box>
    )
  } else if (currentUser.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void currentUser.refetch()}>
            {t('Try again')}
          </Button>
        }
      >
        {t('We could not check your account. Please try again.')}
      </Alert>
    )
  } else if (currentUser.data.has_profile && !savedHere) {
    // Spec 000 §4: a completed profile goes on to the wall (the route guard usually does this first).
    body = <Navigate to="/prayerwall" replace />
  } else {
    const name = welcomeName(currentUser.data)
    body = (
      <>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {name ? t('Welcome, {name}!', { name }) : t('Welcome!')}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          {t(
            'Tell us a little about yourself to finish setting up your account. Only your public display name is shown to other members.',
          )}
        </Typography>
        {LanguageChoice && (
          <Box sx={{ mb: 3 }}>
            <LanguageChoice current={currentUser.data.language} />
          </Box>
        )}
        <OnboardingForm
          profile={currentUser.data}
          onSaved={(saved) => {
            setSavedHere(true)
            onSaved(saved)
          }}
        />
      </>
    )
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        {t('Complete your profile')}
      </Typography>
      {body}
    </Container>
  )
}
