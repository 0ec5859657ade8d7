import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { communityPage } from '@/lib/community-page'
import { useT } from '@/i18n/use-t'

// The community's own address once its admins give one (issue 38).
const contactEmail = communityPage.contact_email ?? 'community@example.org'

// Stands for the address link inside the translated sentence, which is split around it.
const EMAIL_SLOT = '\u0000'

// Targets of the header's About and Contact anchors (spec 000 §2).
export function AboutContact() {
  const t = useT()
  const [beforeEmail, afterEmail] = t(
    'Questions, ideas or a concern about content? Write to us at {email}.',
    { email: EMAIL_SLOT },
  ).split(EMAIL_SLOT)
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 9 }, display: 'grid', gap: 6 }}>
      <Box component="section" id="about" aria-labelledby="about-title">
        <Typography id="about-title" variant="h2" sx={{ mb: 2 }}>
          {t('About')}
        </Typography>
        <Typography color="textSecondary">
          {t('About the community (landing)', { name: communityPage.name })}
        </Typography>
      </Box>
      <Box component="section" id="contact" aria-labelledby="contact-title">
        <Typography id="contact-title" variant="h2" sx={{ mb: 2 }}>
          {t('Contact')}
        </Typography>
        <Typography color="textSecondary">
          {beforeEmail}
          <Link href={`mailto:${contactEmail}`} translate="no">
            {contactEmail}
          </Link>
          {afterEmail}
        </Typography>
      </Box>
    </Container>
  )
}
