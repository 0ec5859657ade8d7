import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useSignOut } from '@/lib/session'

type AccountMenuPopupProps = {
  id: string
  labelledBy: string
  anchor: HTMLElement | null
  onClose: () => void
}

// Loaded on demand, like the Features menu: Menu is heavy and visitors never open this one.
export default function AccountMenuPopup({
  id,
  labelledBy,
  anchor,
  onClose,
}: AccountMenuPopupProps) {
  const { signOut, isSigningOut } = useSignOut()
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      <MenuItem
        disabled={isSigningOut}
        onClick={() => {
          void signOut().finally(onClose)
        }}
      >
        {isSigningOut ? 'Signing out…' : 'Sign out'}
      </MenuItem>
    </Menu>
  )
}
