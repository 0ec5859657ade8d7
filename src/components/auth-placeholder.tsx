import Typography from '@mui/material/Typography'
import { useT } from '@/i18n/use-t'

// The auth-card counterpart of PlaceholderPage: compact, inside the Log In card.
export function AuthPlaceholder({ title, purpose }: { title: string; purpose: string }) {
  const t = useT()
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="textSecondary">{purpose}</Typography>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {t('This step is coming soon.')}
      </Typography>
    </>
  )
}
