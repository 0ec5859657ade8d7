import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { useT } from '@/i18n/use-t'
import { NetworkError } from '@/lib/api-client'
import { useTestimonyReactors } from '../api/get-testimony-reactors'

type AmenReactorsDialogProps = { testimonyId: string | null; onClose: () => void }

/** Spec 001 §2 "Who said Amen dialog for testimonies". */
export function AmenReactorsDialog({ testimonyId, onClose }: AmenReactorsDialogProps) {
  const t = useT()
  const titleId = useId()
  return (
    <Dialog
      open={testimonyId !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('Who said Amen')}</DialogTitle>
      <DialogContent sx={{ minHeight: 120 }}>
        {testimonyId && <ReactorList testimonyId={testimonyId} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

function ReactorList({ testimonyId }: { testimonyId: string }) {
  const t = useT()
  const reactors = useTestimonyReactors(testimonyId)
  if (reactors.isPending) {
    return (
      <Stack role="status" sx={{ py: 2, alignItems: 'center' }}>
        <CircularProgress size={24} aria-label={t('Loading')} />
      </Stack>
    )
  }
  const failed = reactors.isError ? (
    <Stack role="alert" spacing={1} sx={{ alignItems: 'flex-start', py: 1 }}>
      <Typography color="error">
        {reactors.error instanceof NetworkError
          ? t('Network error occurred (testimonies)')
          : t('Failed to load reactors')}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => void (reactors.data ? reactors.fetchNextPage() : reactors.refetch())}
      >
        {t('Try again')}
      </Button>
    </Stack>
  ) : null
  if (!reactors.data) return failed
  const items = reactors.data.pages.flatMap((page) => page.items)
  return (
    <>
      {items.length === 0 ? (
        <Typography>{t('Be the first to say Amen.')}</Typography>
      ) : (
        <List dense>
          {items.map((reactor) => (
            <ListItem key={reactor.userId} disableGutters>
              <ListItemText
                primary={
                  reactor.isYou ? (
                    t('Name (You)', { name: reactor.displayName })
                  ) : (
                    <bdi>{reactor.displayName}</bdi>
                  )
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {failed}
      {reactors.hasNextPage && !reactors.isError && (
        <Button
          onClick={() => void reactors.fetchNextPage()}
          disabled={reactors.isFetchingNextPage}
        >
          {t('Load more')}
        </Button>
      )}
    </>
  )
}
