import type { Profile } from '@contract/users'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { Navigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useCurrentUser } from '../api/get-current-user'
import { OnboardingForm } from './onboarding-form'

type OnboardingPageProps = {
  /** The profile was saved; the caller decides what follows (spec 000 §4: verification modal). */
  onSaved: (saved: Profile) => void
}

function welcomeName(profile: Profile): string | null {
  return profile.onboarding_profile?.first_name ?? profile.first_name ?? profile.display_name
}

// Spec 000 §2 onboarding screen: 'Checking your account…', then a welcome and the form.
export function OnboardingPage({ onSaved }: OnboardingPageProps) {
  const currentUser = useCurrentUser()
  // A profile completed here stays on this page for the verification step that follows.
  const [savedHere, setSavedHere] = useState(false)

  let body
  if (currentUser.isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>Checking your account…</Typography>
      </Box>
    )
  } else if (currentUser.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void currentUser.refetch()}>
            Try again
          </Button>
        }
      >
        We could not check your account. Please try again.
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
          {name ? `Welcome, ${name}!` : 'Welcome!'}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          Tell us a little about yourself to finish setting up your account. Only your public
          display name is shown to other members.
        </Typography>
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
        Complete your profile
      </Typography>
      {body}
    </Container>
  )
}
