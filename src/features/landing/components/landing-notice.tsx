import Alert from '@mui/material/Alert'
import Container from '@mui/material/Container'
import { useRouterState } from '@tanstack/react-router'
import { translateText } from '@/i18n/i18n'

/**
 * A one-line message handed to the landing page in navigation state: "your account was
 * deleted" (issue 40). History state never leaves the browser nor shows in the address bar.
 */
export function LandingNotice() {
  const notice = useRouterState({ select: ({ location }) => location.state.notice })
  if (!notice) return null
  return (
    <Container maxWidth="md" sx={{ pt: 2 }}>
      <Alert severity="info" role="status">
        {translateText(notice)}
      </Alert>
    </Container>
  )
}
