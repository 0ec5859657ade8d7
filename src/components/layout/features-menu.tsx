import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown'
import Button from '@mui/material/Button'
import Menu from '@mui/material/Menu'
import { useId, useState } from 'react'
import { MenuItemLink } from '../router-links'

// spec 000 §2: the header's Features menu holds Prayer Wall and Testimonies.
export function FeaturesMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const buttonId = useId()
  const menuId = useId()
  const open = anchor !== null
  const close = () => setAnchor(null)

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        endIcon={<KeyboardArrowDown aria-hidden />}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Features
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItemLink to="/prayerwall" onClick={close}>
          Prayer Wall
        </MenuItemLink>
        <MenuItemLink to="/testimonies" onClick={close}>
          Testimonies
        </MenuItemLink>
      </Menu>
    </>
  )
}
