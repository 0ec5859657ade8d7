import type { Intention } from '@contract/intentions'
import { createContext, useContext } from 'react'

/**
 * The card menu's entries that other features own, composed in by the route: "Mute this request"
 * (issue 13, the notification settings) and "Add to my prayer list" (issue 20). They reach the
 * menus through a context rather than the cards' props: the lists they read arrive after the
 * first cards, and each arrival then re-renders the menus alone instead of the whole wall (issue
 * 18: each was a long task on a phone).
 */
export type CardMenuExtras = {
  onToggleMute?: (intention: Intention) => void
  isMuted?: (intention: Intention) => boolean
  onTogglePrayerList?: (intention: Intention) => void
  isOnPrayerList?: (intention: Intention) => boolean
}

const CardMenuExtrasContext = createContext<CardMenuExtras>({})

export const CardMenuExtrasProvider = CardMenuExtrasContext.Provider

export function useCardMenuExtras(): CardMenuExtras {
  return useContext(CardMenuExtrasContext)
}
