import keyboardArrowDownPaths from '@mui/icons-material/KeyboardArrowDown?svg-paths'
import { lazy, Suspense, useId, useState } from 'react'
import { useT } from '@/i18n/use-t'
import { Button } from '@/ui/button'
import { SvgIcon } from '@/ui/svg-icon'
import styles from './features-menu.module.css'

const loadPopup = () => import('./features-menu-popup')
const FeaturesMenuPopup = lazy(loadPopup)

// spec 000 §2: the header's Features menu holds Prayer Wall and Testimonies. The trigger is the
// light button (ADR 0025: the header is on every page); the menu is MUI, loaded when reached for.
export function FeaturesMenu() {
  const t = useT()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const buttonId = useId()
  const menuId = useId()
  const open = anchor !== null

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        // Fetch the popup as soon as the user heads for the button, so it opens without delay.
        onPointerEnter={loadPopup}
        onFocus={loadPopup}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('Features')}
        <span className={styles.endIcon}>
          <SvgIcon paths={keyboardArrowDownPaths} fontSize="inherit" />
        </span>
      </Button>
      <Suspense fallback={null}>
        {open && (
          <FeaturesMenuPopup
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
