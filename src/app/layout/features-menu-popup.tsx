import Menu from '@mui/material/Menu'
import { featuresMenuItems } from './features-menu-items'

type FeaturesMenuPopupProps = {
  id: string
  labelledBy: string
  anchor: HTMLElement | null
  onClose: () => void
}

// Loaded on demand by FeaturesMenu: Menu brings Popover, Modal, focus trap and transitions,
// which the landing page's first load does not need (landing JS budget).
export default function FeaturesMenuPopup({
  id,
  labelledBy,
  anchor,
  onClose,
}: FeaturesMenuPopupProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {featuresMenuItems(onClose)}
    </Menu>
  )
}
