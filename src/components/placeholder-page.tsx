import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useT } from '@/i18n/use-t'

type PlaceholderPageProps = {
  title: string
  // What the page will do, in a sentence a visitor can read.
  purpose: string
  children?: ReactNode
}

// A clearly labelled page whose feature has not landed yet: the router knows the path,
// the visitor learns what is coming, nothing pretends to work.
export function PlaceholderPage({ title, purpose, children }: PlaceholderPageProps) {
  const t = useT()
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="textSecondary">{purpose}</Typography>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {t('This page is coming soon.')}
      </Typography>
      {children}
    </Container>
  )
}
