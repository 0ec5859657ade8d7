import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { communityPage } from '@/lib/community-page'

// The community's own address once its admins give one (issue 38).
const contactEmail = communityPage.contact_email ?? 'community@example.org'

// Targets of the header's About and Contact anchors (spec 000 §2).
export function AboutContact() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 9 }, display: 'grid', gap: 6 }}>
      <Box component="section" id="about" aria-labelledby="about-title">
        <Typography id="about-title" variant="h2" sx={{ mb: 2 }}>
          About
        </Typography>
        <Typography color="textSecondary">
          {communityPage.name} is a place for people of faith to carry one another in prayer. Each
          member receives a public display name that protects their real identity, and the community
          is kept gentle by moderators and by members who report what does not belong.
        </Typography>
      </Box>
      <Box component="section" id="contact" aria-labelledby="contact-title">
        <Typography id="contact-title" variant="h2" sx={{ mb: 2 }}>
          Contact
        </Typography>
        <Typography color="textSecondary">
          Questions, ideas or a concern about content? Write to us at{' '}
          <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
        </Typography>
      </Box>
    </Container>
  )
}
