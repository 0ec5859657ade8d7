import Divider from '@mui/material/Divider'
import ListSubheader from '@mui/material/ListSubheader'
import Menu from '@mui/material/Menu'
import { MenuItemLink } from '@/components/menu-item-link'
import { featuresMenuItems } from './features-menu-items'
import { useT } from '@/i18n/use-t'

type SiteMenuPopupProps = {
  id: string
  labelledBy: string
  anchor: HTMLElement | null
  onClose: () => void
}

// The phone top bar's menu (issue 17): spec 000 §2's header links, Features (Prayer Wall,
// Testimonies), About and Contact, folded into one button. Loaded on demand like the others.
export default function SiteMenuPopup({ id, labelledBy, anchor, onClose }: SiteMenuPopupProps) {
  const t = useT()
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
        {t('Features')}
      </ListSubheader>
      {featuresMenuItems(onClose, t)}
      <Divider />
      <MenuItemLink to="/" hash="about" onClick={onClose}>
        {t('About')}
      </MenuItemLink>
      <MenuItemLink to="/" hash="contact" onClick={onClose}>
        {t('Contact')}
      </MenuItemLink>
    </Menu>
  )
}
