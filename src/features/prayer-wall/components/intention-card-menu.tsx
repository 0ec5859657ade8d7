import moreVertPaths from '@mui/icons-material/MoreVert?svg-paths'
import type { Intention } from '@contract/intentions'
import { lazy, Suspense, useId, useState } from 'react'
import { IconButton } from '@/ui/icon-button'
import { SvgIcon } from '@/ui/svg-icon'
import { useT } from '@/i18n/use-t'
import {
  INTENTION_MENU_LABELS,
  type IntentionMenuItem,
  intentionMenuItems,
} from '../intention-menu-items'
import { useCardMenuExtras } from './card-menu-extras'
import type { MenuEntry } from './intention-card-menu-popup'

// The menu itself (MUI Menu, Popover, Modal) loads when a member heads for the button, not
// before the wall's first card (issue 18).
const loadPopup = () => import('./intention-card-menu-popup')
const IntentionCardMenuPopup = lazy(loadPopup)

export type IntentionActions = {
  onMarkAnswered?: (intention: Intention) => void
  onRelease?: (intention: Intention) => void
  onEdit?: (intention: Intention) => void
  onReopen?: (intention: Intention) => void
  onDelete?: (intention: Intention, mode: 'delete' | 'remove') => void
  onShare?: (intention: Intention) => void
  onReport?: (intention: Intention) => void
  /** Issue 20 "Post an update": the author of an active request (the prayer-requests feature). */
  onPostUpdate?: (intention: Intention) => void
}

function handlerOf(item: IntentionMenuItem, actions: IntentionActions) {
  switch (item) {
    case 'markAnswered':
      return actions.onMarkAnswered
    case 'release':
      return actions.onRelease
    case 'edit':
      return actions.onEdit
    case 'reopen':
      return actions.onReopen
    case 'delete':
      return actions.onDelete && ((intention: Intention) => actions.onDelete?.(intention, 'delete'))
    case 'remove':
      return actions.onDelete && ((intention: Intention) => actions.onDelete?.(intention, 'remove'))
    case 'share':
      return actions.onShare
    case 'report':
      return actions.onReport
  }
}

/** Spec 001 §2 "Three-dot menu". An action nobody handles is left out rather than shown dead. */
export function IntentionCardMenu({
  intention,
  isModerator,
  actions,
}: {
  intention: Intention
  isModerator: boolean
  actions: IntentionActions
}) {
  const t = useT()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const menuId = useId()
  const items = intentionMenuItems(intention, isModerator).flatMap((item) => {
    const handler = handlerOf(item, actions)
    return handler ? [{ item, handler }] : []
  })
  const extras = useCardMenuExtras()
  const toggleMute = extras.onToggleMute
  const toggleList = extras.onTogglePrayerList
  const postUpdate =
    intention.is_mine && intention.status === 'active' ? actions.onPostUpdate : undefined
  const entries: MenuEntry[] = [
    ...items.map(({ item, handler }) => {
      const reported = item === 'report' && intention.has_reported
      return {
        key: item,
        label: t(reported ? 'Reported' : INTENTION_MENU_LABELS[item]),
        disabled: reported,
        onSelect: () => handler(intention),
      }
    }),
    ...(postUpdate
      ? [{ key: 'post-update', label: t('Post an update'), onSelect: () => postUpdate(intention) }]
      : []),
    ...(toggleList
      ? [
          {
            key: 'prayer-list',
            label: t(
              extras.isOnPrayerList?.(intention)
                ? 'Remove from my prayer list'
                : 'Add to my prayer list',
            ),
            onSelect: () => toggleList(intention),
          },
        ]
      : []),
    ...(toggleMute
      ? [
          {
            key: 'mute',
            label: t(extras.isMuted?.(intention) ? 'Unmute this request' : 'Mute this request'),
            onSelect: () => toggleMute(intention),
          },
        ]
      : []),
  ]
  if (entries.length === 0) return null
  return (
    <>
      <IconButton
        aria-label={t('More actions for {title}', { title: intention.title })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onPointerEnter={loadPopup}
        onFocus={loadPopup}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <SvgIcon paths={moreVertPaths} />
      </IconButton>
      <Suspense fallback={null}>
        {anchor && (
          <IntentionCardMenuPopup
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            entries={entries}
          />
        )}
      </Suspense>
    </>
  )
}
