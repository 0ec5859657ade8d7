import MoreVert from '@mui/icons-material/MoreVert'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useId, useState } from 'react'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

export type CommentMenuAction = 'edit' | 'delete' | 'report'

/**
 * The comment's three-dot menu (spec 001 §2, §6). Which items show is decided by the caller;
 * the chosen action receives the menu button, which is where focus returns after its dialog.
 */
export function CommentMenu({
  authorName,
  canEdit,
  deleteLabel,
  reported,
  onAction,
}: {
  authorName: string
  canEdit: boolean
  /** The shell's 'Delete' (the author's own) or 'Remove' (a moderator's), or none. */
  deleteLabel: MessageId | null
  reported: boolean
  onAction: (action: CommentMenuAction, opener: HTMLElement) => void
}) {
  const t = useT()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const open = anchor !== null
  const menuId = useId()

  function choose(action: CommentMenuAction) {
    setAnchor(null)
    if (anchor) onAction(action, anchor)
  }

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('More actions for the comment', { name: authorName })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {canEdit && <MenuItem onClick={() => choose('edit')}>{t('Edit')}</MenuItem>}
        {deleteLabel && <MenuItem onClick={() => choose('delete')}>{t(deleteLabel)}</MenuItem>}
        <MenuItem disabled={reported} onClick={() => choose('report')}>
          {reported ? t('Reported') : t('Report')}
        </MenuItem>
      </Menu>
    </>
  )
}
