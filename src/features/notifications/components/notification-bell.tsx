import notificationsPaths from '@mui/icons-material/Notifications?svg-paths'
import { useQuery } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { useT } from '@/i18n/use-t'
import { IconButton } from '@/ui/icon-button'
import { SvgIcon } from '@/ui/svg-icon'
import { unreadCountQueryOptions } from '../api/get-unread-count'
import { useAppBadge } from '../hooks/use-app-badge'
import { useBellAnimation } from '../hooks/use-bell-animation'
import styles from './notification-bell.module.css'

// The panel (Drawer, list, read calls, full zod) loads when the member reaches for the bell.
const loadPanel = () => import('./notifications-panel')
const NotificationsPanel = lazy(loadPanel)

/** Spec 000 §9: the badge shows '99+' above 99. */
export function unreadBadgeText(unreadCount: number): string {
  return unreadCount > 99 ? '99+' : String(unreadCount)
}

// Spec 000 §2 "A notification bell in the header shows the unread count, capped at '99+'". The
// live connection that keeps it current is held by the main layout (src/app/live-updates.tsx).
export default function NotificationBell({ settings }: { settings?: ReactNode }) {
  const t = useT()
  const { data: unreadCount } = useQuery(unreadCountQueryOptions())
  const ringing = useBellAnimation(unreadCount)
  useAppBadge(unreadCount)
  const [open, setOpen] = useState(false)
  // Mounted from the first open on, so the panel can slide in and out (and keep its selection).
  const [opened, setOpened] = useState(false)
  const panelId = useId()
  const count = unreadCount ?? 0
  const label = t('Notifications (the bell, with the unread count)', {
    count,
    badge: unreadBadgeText(count),
  })
  // At 0 there is no badge at all: a hidden one keeps its last number in the button, text
  // its name "Notifications" leaves out (WCAG 2.5.3, label in name, for voice control).
  const icon = (
    <span className={styles.bell} data-ringing={ringing || undefined}>
      <SvgIcon paths={notificationsPaths} />
    </span>
  )

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={() => {
          setOpened(true)
          setOpen(true)
        }}
      >
        {count > 0 ? (
          <span className={styles.badgeAnchor}>
            {icon}
            {/* Hidden like MUI's: the button's name already says the count. */}
            <span className={styles.badge} aria-hidden>
              {unreadBadgeText(count)}
            </span>
          </span>
        ) : (
          icon
        )}
      </IconButton>
      <Suspense fallback={null}>
        {opened && (
          <NotificationsPanel
            id={panelId}
            open={open}
            onClose={() => setOpen(false)}
            settings={settings}
          />
        )}
      </Suspense>
    </>
  )
}
