import type { SupportBlock } from '@contract/content-policy'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

type SupportNoticeProps = { support: SupportBlock | null; onContinue: () => void }

// DESIGN §4: a story whose words signal crisis is still shared; its answer carries support
// links, shown before returning to the feed so they are not missed.
export function SupportNotice({ support, onContinue }: SupportNoticeProps) {
  const t = useT()
  const titleId = useId()
  return (
    <Dialog open={support !== null} onClose={onContinue} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('You are not alone')}</DialogTitle>
      <DialogContent>
        <Typography>{support && translateText(support.message)}</Typography>
        <List>
          {support?.resources.map((resource) => (
            <ListItem key={resource.url} disableGutters>
              <Link href={resource.url} target="_blank" rel="noopener noreferrer">
                {resource.name}
              </Link>
              {resource.phone && (
                <Typography sx={{ marginInlineStart: 1 }}>{resource.phone}</Typography>
              )}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onContinue} autoFocus>
          {t('Continue (support notice)')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
