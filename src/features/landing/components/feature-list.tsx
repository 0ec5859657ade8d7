import Groups from '@mui/icons-material/Groups'
import Forum from '@mui/icons-material/Forum'
import MeetingRoom from '@mui/icons-material/MeetingRoom'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { TextLink } from '@/components/text-link'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

// spec 000 §1: the landing page lists exactly these three features.
// Issue 21: the Prayer Rooms card leads to /rooms (a visitor signs in first and lands there).
const features: { name: MessageId; icon: ReactNode; text: MessageId; to?: '/rooms' }[] = [
  {
    name: 'Prayer Wall',
    icon: <Forum />,
    text: 'Post a prayer request and let the community pray with you, with a word of Amen or a lit candle.',
  },
  {
    name: 'Prayer Rooms',
    icon: <MeetingRoom />,
    text: 'Gather at a set time to pray together, in quiet company, wherever each of you is.',
    to: '/rooms',
  },
  {
    name: 'Prayer Groups',
    icon: <Groups />,
    text: 'Share intentions privately with your family, your parish or a circle of friends.',
  },
]

export function FeatureList() {
  const t = useT()
  return (
    <Box component="section" aria-labelledby="features-title" sx={{ py: { xs: 6, md: 9 } }}>
      <Container maxWidth="lg">
        <Typography id="features-title" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
          {t('Pray in community')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { md: 'repeat(3, 1fr)' },
          }}
        >
          {features.map(({ name, icon, text, to }) => (
            <Paper component="li" key={name} variant="outlined" sx={{ p: 3.5 }}>
              <Box aria-hidden sx={{ color: 'secondary.main', mb: 1.5, '& svg': { fontSize: 36 } }}>
                {icon}
              </Box>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {to ? (
                  <TextLink to={to} color="inherit" underline="hover">
                    {t(name)}
                  </TextLink>
                ) : (
                  t(name)
                )}
              </Typography>
              <Typography color="textSecondary">{t(text)}</Typography>
            </Paper>
          ))}
        </Box>
      </Container>
    </Box>
  )
}
