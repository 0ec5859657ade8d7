import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown'
import Button from '@mui/material/Button'
import { lazy, Suspense, useId, useState } from 'react'

const loadPopup = () => import('./features-menu-popup')
const FeaturesMenuPopup = lazy(loadPopup)

// spec 000 §2: the header's Features menu holds Prayer Wall and Testimonies.
export function FeaturesMenu() {
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
        endIcon={<KeyboardArrowDown aria-hidden />}
        // Fetch the popup as soon as the user heads for the button, so it opens without delay.
        onPointerEnter={loadPopup}
        onFocus={loadPopup}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Features
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
