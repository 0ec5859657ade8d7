import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ButtonLink } from '@/components/button-link'
import { DeviceLanguageSelect } from '@/i18n/device-language-select'
import { communityPage } from '@/lib/community-page'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

export function HeroSection() {
  const t = useT()
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{ py: { xs: 7, md: 12 }, textAlign: 'center' }}
    >
      <Container maxWidth="md">
        {/* spec 000 §1's hero text until the community's admins write their own (issue 38): the
            product's line is translated, a community's own stays as its admins wrote it. */}
        <Typography id="hero-title" variant="h1" sx={{ mb: 2.5 }}>
          {translateText(communityPage.hero)}
        </Typography>
        <Typography
          variant="h6"
          component="p"
          color="textSecondary"
          sx={{ fontFamily: 'inherit', fontWeight: 400, mb: 4 }}
        >
          {t(
            'Share what is on your heart, pray for one another, and give thanks when prayers are answered.',
          )}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center' }}
        >
          <ButtonLink to="/login" variant="contained" size="large">
            {t('Get started')}
          </ButtonLink>
          <ButtonLink to="/prayerwall" variant="outlined" size="large">
            {t('Visit the Prayer Wall')}
          </ButtonLink>
        </Stack>
        {/* Issue 42: a visitor chooses the language before signing in (the sign-in page has it too). */}
        <Box sx={{ mt: 4 }}>
          <DeviceLanguageSelect />
        </Box>
      </Container>
    </Box>
  )
}
