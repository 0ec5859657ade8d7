import ListSubheader from '@mui/material/ListSubheader'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useState } from 'react'
import { useT } from '@/i18n/use-t'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { useProfile, useSignOut } from '@/lib/session'
import { MenuItemLink } from '@/components/menu-item-link'
import type { MemberDestination } from './member-destinations'
import { SignOutWarning } from './sign-out-warning'

type AccountMenuPopupProps = {
  id: string
  labelledBy: string
  anchor: HTMLElement | null
  onClose: () => void
  /** On a phone, the members' places the bottom bar has no slot for (ADR 0013). */
  places?: readonly MemberDestination[]
}

// Loaded on demand, like the Features menu: Menu is heavy and visitors never open this one.
export default function AccountMenuPopup({
  id,
  labelledBy,
  anchor,
  onClose,
  places = [],
}: AccountMenuPopupProps) {
  const t = useT()
  const { signOut, isSigningOut } = useSignOut()
  const { profile } = useProfile()
  const { queue, rejected } = useOutbox()
  const [warning, setWarning] = useState(false)
  const saved = [...queue, ...rejected]
  const leave = () => void signOut().finally(onClose)
  if (warning) return <SignOutWarning writes={saved} onStay={onClose} onSignOut={leave} />
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {/* Whose menu this is: on a phone it opens from "Me" in the bottom bar (issue 17). */}
      {profile?.displayName && (
        <ListSubheader
          // A visual heading only: a menu may hold nothing but its items (ARIA menu).
          aria-hidden
          sx={{ lineHeight: '36px', overflowWrap: 'anywhere' }}
        >
          {profile.displayName}
        </ListSubheader>
      )}
      {places.map((place) => (
        <MenuItemLink key={place.to} to={place.to} onClick={onClose}>
          {t(place.label)}
        </MenuItemLink>
      ))}
      {/* Groups and the prayer list are not in the spec's Features menu (its items are exact);
          members reach them here on a desktop, from the bottom bar on a phone (issues 17, 20). */}
      {!places.some((place) => place.to === '/prayerlist') && (
        <MenuItemLink to="/prayerlist" onClick={onClose}>
          {t('My Prayer List')}
        </MenuItemLink>
      )}
      <MenuItemLink to="/groups" onClick={onClose}>
        {t('My Groups')}
      </MenuItemLink>
      {/* Issue 21: on desktop, rooms are reached here, beside groups, for the same reason (on a
          phone they are among the places above). */}
      {!places.some((place) => place.to === '/rooms') && (
        <MenuItemLink to="/rooms" onClick={onClose}>
          {t('Prayer Rooms')}
        </MenuItemLink>
      )}
      {/* Issue 39: name, email, password and the devices signed in. */}
      <MenuItemLink to="/settings/account" onClick={onClose}>
        {t('Account')}
      </MenuItemLink>
      {/* Issue 13: what of the member's notifications reaches their devices. */}
      <MenuItemLink to="/settings/notifications" onClick={onClose}>
        {t('Notification settings')}
      </MenuItemLink>
      {/* Issue 8: the review queue for moderators alone; admins also manage roles there. */}
      {profile?.isModerator && (
        <MenuItemLink to="/moderation" onClick={onClose}>
          {t('Moderation')}
        </MenuItemLink>
      )}
      {/* Issue 38: the community's weekly figures, for the same people. */}
      {profile?.isModerator && (
        <MenuItemLink to="/admin" onClick={onClose}>
          {t('Dashboard')}
        </MenuItemLink>
      )}
      {profile?.isAdmin && (
        <MenuItemLink to="/moderation/roles" onClick={onClose}>
          {t('Roles')}
        </MenuItemLink>
      )}
      <MenuItem
        disabled={isSigningOut}
        onClick={() => (saved.length > 0 ? setWarning(true) : leave())}
      >
        {isSigningOut ? t('Signing out…') : t('Sign out')}
      </MenuItem>
    </Menu>
  )
}
