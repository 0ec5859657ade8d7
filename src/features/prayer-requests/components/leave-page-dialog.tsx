import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useBlocker } from '@tanstack/react-router'
import { useT } from '@/i18n/use-t'

// Spec 001 §2: the composer warns on leaving while it has content, both for in-app navigation
// (this dialog) and for closing or reloading the tab (the browser's own beforeunload prompt).
export function LeavePageDialog({ shouldBlock }: { shouldBlock: () => boolean }) {
  const t = useT()
  const blocker = useBlocker({
    shouldBlockFn: shouldBlock,
    enableBeforeUnload: shouldBlock,
    withResolver: true,
  })
  const open = blocker.status === 'blocked'
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">{t('Leave this page?')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('Your prayer request is not submitted yet. A draft stays saved on this device.')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('Stay')}
        </Button>
        <Button onClick={() => blocker.proceed?.()}>{t('Leave')}</Button>
      </DialogActions>
    </Dialog>
  )
}
