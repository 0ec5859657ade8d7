import type { MessageId } from '@/i18n/i18n'

// The wall's tabs (spec 001 §2, and issue 20's Needs prayer), kept in the URL as `view=` because `tab=` belongs to the
// reactors dialog. Plain constants: the route's search schema (main chunk) imports them.
export const WALL_VIEWS = ['wall', 'needs', 'groups', 'answered'] as const
export type WallView = (typeof WALL_VIEWS)[number]

export const WALL_VIEW_LABELS: Record<WallView, MessageId> = {
  wall: 'Prayer Wall',
  needs: 'Needs prayer',
  groups: 'My Groups',
  answered: 'Answered',
}

export const REACTOR_TABS = ['prayed', 'amen', 'candle'] as const
export type ReactorTab = (typeof REACTOR_TABS)[number]
