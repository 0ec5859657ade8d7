import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ButtonLink } from '@/components/button-link'
import { useT } from '@/i18n/use-t'

type NotAllowedProps = { need: 'moderator' | 'admin'; headingLevel: 'h1' | 'h2' }

// A member who opens a moderation address learns why nothing is here and has a way back; the
// server refuses the calls anyway (403).
export function NotAllowed({ need, headingLevel }: NotAllowedProps) {
  const t = useT()
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant={headingLevel === 'h1' ? 'h4' : 'h5'} component={headingLevel}>
        {t('Not allowed')}
      </Typography>
      <Typography>
        {need === 'admin'
          ? t('Only the community’s administrators can open this page.')
          : t('Only the community’s moderators can open this page.')}
      </Typography>
      <ButtonLink to="/prayerwall" variant="outlined">
        {t('Back to the Prayer Wall')}
      </ButtonLink>
    </Stack>
  )
}
