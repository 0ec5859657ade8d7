import accountCirclePaths from '@mui/icons-material/AccountCircle?svg-paths'
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react'
import { useT } from '@/i18n/use-t'
import { useProfile, useSession } from '@/lib/session'
import { readAuthenticatedFlag } from '@/lib/session-storage'
import { Button } from '@/ui/button'
import { SvgIcon } from '@/ui/svg-icon'
import { LightButtonLink } from '@/components/light-button-link'

const loadPopup = () => import('./account-menu-popup')
const AccountMenuPopup = lazy(loadPopup)

const noSubscription = () => () => {}

// The header's account corner: "Log in" for visitors, the member's menu with "Sign out" once
// signed in (spec 000 §4 "Logout").
export function AccountMenu() {
  const t = useT()
  const { isAuthenticated, isResolving } = useSession()
  // While the session check runs, a tab that was signed in shows nothing rather than flashing
  // "Log in". The server render (pre-rendered landing) never knows, so it always says visitor.
  const wasSignedIn = useSyncExternalStore(noSubscription, readAuthenticatedFlag, () => false)

  if (isResolving && wasSignedIn) return null
  if (!isAuthenticated) {
    return (
      <LightButtonLink to="/login" variant="contained">
        {t('Log in')}
      </LightButtonLink>
    )
  }
  return <MemberMenu />
}

function MemberMenu() {
  const t = useT()
  const { profile } = useProfile()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const buttonId = useId()
  const menuId = useId()
  const open = anchor !== null
  const name = profile?.displayName ?? t('Account')

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        startIcon={<SvgIcon paths={accountCirclePaths} fontSize="inherit" />}
        onPointerEnter={loadPopup}
        onFocus={loadPopup}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <bdi>{name}</bdi>
      </Button>
      <Suspense fallback={null}>
        {open && (
          <AccountMenuPopup
            id={menuId}
            labelledBy={buttonId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          />
        )}
      </Suspense>
    </>
  )
}
