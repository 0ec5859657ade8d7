import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { ButtonLink } from './button-link'

export function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The page you were looking for is not here. It may have moved, or the link may be mistyped.
      </Typography>
      <ButtonLink to="/" variant="contained">
        Go to the home page
      </ButtonLink>
    </Container>
  )
}
