import Block from '@mui/icons-material/Block'
import Lock from '@mui/icons-material/Lock'
import Shield from '@mui/icons-material/Shield'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

// spec 000 §1: the landing page states that the community is moderated, that every post has
// privacy controls, and that the product is ad-free.
const promises: { title: MessageId; icon: ReactNode; text: MessageId }[] = [
  {
    title: 'The community is moderated',
    icon: <Shield />,
    text: 'Moderators review reports and remove what does not belong, so every request is met with care.',
  },
  {
    title: 'Every post has privacy controls',
    icon: <Lock />,
    text: 'Post under your name, your public display name or anonymously, to the whole wall or a private group.',
  },
  {
    title: 'Ad-free, always',
    icon: <Block />,
    text: 'No advertising and no selling of your data: your prayers are not a product.',
  },
]

export function PromiseList() {
  const t = useT()
  return (
    <Box
      component="section"
      aria-labelledby="promises-title"
      sx={{ py: { xs: 6, md: 9 }, bgcolor: 'background.paper' }}
    >
      <Container maxWidth="md">
        <Typography id="promises-title" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
          {t('A space you can trust')}
        </Typography>
        <Stack component="ul" spacing={3.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {promises.map(({ title, icon, text }) => (
            <Stack component="li" key={title} direction="row" spacing={2.5}>
              <Box aria-hidden sx={{ color: 'primary.main', pt: 0.5, '& svg': { fontSize: 30 } }}>
                {icon}
              </Box>
              <div>
                <Typography variant="h3" sx={{ mb: 0.5 }}>
                  {t(title)}
                </Typography>
                <Typography color="textSecondary">{t(text)}</Typography>
              </div>
            </Stack>
          ))}
        </Stack>
      </Container>
    </Box>
  )
}
