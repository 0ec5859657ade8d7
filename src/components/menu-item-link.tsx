import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem'
import { createLink } from '@tanstack/react-router'

// A menu item that is a router link (a real <a>): the menus' one way to go to a page. Its own
// module, like ButtonLink and TextLink, so pages without a menu (the landing) never load MenuItem.
export const MenuItemLink = createLink((props: MenuItemProps<'a'>) => (
  <MenuItem component="a" {...props} />
))
