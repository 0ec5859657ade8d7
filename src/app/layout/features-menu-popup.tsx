import Menu from '@mui/material/Menu'
import { featuresMenuItems } from './features-menu-items'
import { useT } from '@/i18n/use-t'

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
  const t = useT()
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {featuresMenuItems(onClose, t)}
    </Menu>
  )
}
