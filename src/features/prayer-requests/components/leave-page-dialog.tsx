import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useBlocker } from '@tanstack/react-router'

// Spec 001 §2: the composer warns on leaving while it has content, both for in-app navigation
// (this dialog) and for closing or reloading the tab (the browser's own beforeunload prompt).
export function LeavePageDialog({ shouldBlock }: { shouldBlock: () => boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: shouldBlock,
    enableBeforeUnload: shouldBlock,
    withResolver: true,
  })
  const open = blocker.status === 'blocked'
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">Leave this page?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your prayer request is not submitted yet. A draft stays saved on this device.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
        <Button onClick={() => blocker.proceed?.()}>Leave</Button>
      </DialogActions>
    </Dialog>
  )
}
