import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { createFileRoute } from '@tanstack/react-router'
import { BuildVariablesTable } from '@/features/diagnostics/components/build-variables-table'
import { useT } from '@/i18n/use-t'

// spec 000 §2: temporary diagnostics page listing build variables. `[_]` escapes the leading
// underscore, which would otherwise make this a pathless layout.
export const Route = createFileRoute('/_main/__env')({
  component: EnvPage,
})

function EnvPage() {
  const t = useT()
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        {t('Build variables')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t(
          'Public values baked into this build of the app. Secrets are never part of a client build.',
        )}
      </Typography>
      <BuildVariablesTable />
    </Container>
  )
}
