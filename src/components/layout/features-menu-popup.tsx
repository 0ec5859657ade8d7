import Menu from '@mui/material/Menu'
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem'
import { createLink } from '@tanstack/react-router'

const MenuItemLink = createLink((props: MenuItemProps<'a'>) => (
  <MenuItem component="a" {...props} />
))

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
      <MenuItemLink to="/prayerwall" onClick={onClose}>
        Prayer Wall
      </MenuItemLink>
      <MenuItemLink to="/testimonies" onClick={onClose}>
        Testimonies
      </MenuItemLink>
    </Menu>
  )
}
