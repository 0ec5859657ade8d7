import type { SupportBlock } from '@contract/content-policy'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

// DESIGN §4: a post whose words signal crisis is still published, and the member is shown
// where help is, before anything else happens.
export function SupportDialog({
  support,
  onClose,
}: {
  support: SupportBlock | null
  onClose: () => void
}) {
  const t = useT()
  return (
    <Dialog open={support !== null} onClose={onClose} aria-labelledby="support-title">
      <DialogTitle id="support-title">{t('You are not alone')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{support && translateText(support.message)}</Typography>
        <List dense>
          {support?.resources.map((resource) => (
            <ListItem key={resource.url} disableGutters>
              <ListItemText
                primary={
                  <Link href={resource.url} target="_blank" rel="noopener noreferrer">
                    {resource.name}
                  </Link>
                }
                secondary={
                  resource.phone ? (
                    <Link href={`tel:${resource.phone.replace(/[^\d+]/g, '')}`}>
                      {resource.phone}
                    </Link>
                  ) : null
                }
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('Continue to the Prayer Wall')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
