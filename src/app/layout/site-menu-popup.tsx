import Divider from '@mui/material/Divider'
import ListSubheader from '@mui/material/ListSubheader'
import Menu from '@mui/material/Menu'
import { MenuItemLink } from '@/components/menu-item-link'
import { featuresMenuItems } from './features-menu-items'

type SiteMenuPopupProps = {
  id: string
  labelledBy: string
  anchor: HTMLElement | null
  onClose: () => void
}

// The phone top bar's menu (issue 17): spec 000 §2's header links, Features (Prayer Wall,
// Testimonies), About and Contact, folded into one button. Loaded on demand like the others.
export default function SiteMenuPopup({ id, labelledBy, anchor, onClose }: SiteMenuPopupProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      <ListSubheader
        // A visual heading only: a menu may hold nothing but its items (ARIA menu).
        aria-hidden
        sx={{ lineHeight: '36px' }}
      >
        Features
      </ListSubheader>
      {featuresMenuItems(onClose)}
      <Divider />
      <MenuItemLink to="/" hash="about" onClick={onClose}>
        About
      </MenuItemLink>
      <MenuItemLink to="/" hash="contact" onClick={onClose}>
        Contact
      </MenuItemLink>
    </Menu>
  )
}
