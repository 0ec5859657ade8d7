import AddCircle from '@mui/icons-material/AddCircle'
import AutoStories from '@mui/icons-material/AutoStories'
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined'
import Groups from '@mui/icons-material/Groups'
import GroupsOutlined from '@mui/icons-material/GroupsOutlined'
import Home from '@mui/icons-material/Home'
import ListAlt from '@mui/icons-material/ListAlt'
import ListAltOutlined from '@mui/icons-material/ListAltOutlined'
import HomeOutlined from '@mui/icons-material/HomeOutlined'

// Per-icon modules only (the barrel costs a bundle); every icon has this one type.
type SvgIconComponent = typeof Home

export type MemberDestination = {
  to: '/prayerwall' | '/testimonies' | '/prayerwall/create' | '/prayerlist' | '/groups'
  label: string
  icon: SvgIconComponent
  activeIcon: SvgIconComponent
  /** The one primary action, drawn raised in the middle of the bar. */
  primary?: boolean
  /** Paths below `to` that still belong to this tab (a group page is under Groups). */
  matchesChildren?: boolean
}

/**
 * The members' places (issue 17, ADR 0013), most used first. On a phone the bottom bar holds
 * the first BAR_PLACES of them and "Me" (a menu, not a page); Me's menu lists the rest. Prayer
 * Rooms (/rooms) is added here when it exists, nothing else changes.
 */
export const MEMBER_DESTINATIONS: readonly MemberDestination[] = [
  { to: '/prayerwall', label: 'Wall', icon: HomeOutlined, activeIcon: Home },
  { to: '/testimonies', label: 'Testimonies', icon: AutoStoriesOutlined, activeIcon: AutoStories },
  {
    to: '/prayerwall/create',
    label: 'Ask for Prayer',
    icon: AddCircle,
    activeIcon: AddCircle,
    primary: true,
  },
  {
    to: '/groups',
    label: 'Groups',
    icon: GroupsOutlined,
    activeIcon: Groups,
    matchesChildren: true,
  },
  { to: '/prayerlist', label: 'Prayer List', icon: ListAltOutlined, activeIcon: ListAlt },
]

/**
 * Four places and Me: five slots of 64 px on a 320 px screen, each label on one line ("Ask for
 * Prayer" on two), and never a word broken. A sixth slot would break "Testimonies" at 390 px.
 */
export const BAR_PLACES = 4

/** The places in the bottom bar, and those Me's menu holds. */
export function splitPlaces(destinations: readonly MemberDestination[]) {
  return { bar: destinations.slice(0, BAR_PLACES), inMe: destinations.slice(BAR_PLACES) }
}

export function isDestinationActive(destination: MemberDestination, pathname: string): boolean {
  const path = pathname.replace(/\/$/, '') || '/'
  if (path === destination.to) return true
  return destination.matchesChildren === true && path.startsWith(`${destination.to}/`)
}

// The compact top bar names the page (issue 17); the longest matching prefix wins.
const PAGE_TITLES: [prefix: string, title: string][] = [
  ['/prayerwall/create', 'Ask for Prayer'],
  ['/prayerwall', 'Prayer Wall'],
  ['/testimonies/create', 'Share Your Testimony'],
  ['/testimonies', 'Testimonies'],
  ['/groups', 'Groups'],
  ['/prayerlist', 'My Prayer List'],
  ['/moderation', 'Moderation'],
  ['/onboarding', 'Your profile'],
  ['/settings/notifications', 'Notification settings'],
]

export function pageTitleOf(pathname: string): string | null {
  return PAGE_TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? null
}
