import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { appName } from './brand-link'

// spec 000 §1: the footer promises a premium upgrade (its details are not in the spec).
export function SiteFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4, mt: 'auto' }}>
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Premium is coming: deeper prayer tools for those who want them.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The community stays free and ad-free. © {appName}
        </Typography>
      </Container>
    </Box>
  )
}
