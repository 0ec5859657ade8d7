import AddCircle from '@mui/icons-material/AddCircle'
import AutoStories from '@mui/icons-material/AutoStories'
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined'
import Groups from '@mui/icons-material/Groups'
import GroupsOutlined from '@mui/icons-material/GroupsOutlined'
import Home from '@mui/icons-material/Home'
import ListAlt from '@mui/icons-material/ListAlt'
import ListAltOutlined from '@mui/icons-material/ListAltOutlined'
import HomeOutlined from '@mui/icons-material/HomeOutlined'
import MeetingRoom from '@mui/icons-material/MeetingRoom'
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined'

// Per-icon modules only (the barrel costs a bundle); every icon has this one type.
type SvgIconComponent = typeof Home

export type MemberDestination = {
  to: '/prayerwall' | '/testimonies' | '/prayerwall/create' | '/prayerlist' | '/rooms' | '/groups'
  label: string
  icon: SvgIconComponent
  activeIcon: SvgIconComponent
  /** The one primary action, drawn raised in the middle of the bar. */
  primary?: boolean
  /** Paths below `to` that still belong to this tab (a group page is under Groups). */
  matchesChildren?: boolean
}

/**
 * The phone's bottom bar (issue 17, ADR 0013), in order; "Me" (a menu, not a page) follows.
 * The bar lays out any count from four to six. My Prayer List is issue 20's, Rooms issue 21's
 * (a live room is under Rooms).
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
  { to: '/prayerlist', label: 'Prayer List', icon: ListAltOutlined, activeIcon: ListAlt },
  {
    to: '/rooms',
    label: 'Rooms',
    icon: MeetingRoomOutlined,
    activeIcon: MeetingRoom,
    matchesChildren: true,
  },
  {
    to: '/groups',
    label: 'Groups',
    icon: GroupsOutlined,
    activeIcon: Groups,
    matchesChildren: true,
  },
]

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
  ['/rooms', 'Prayer Rooms'],
  ['/moderation', 'Moderation'],
  ['/onboarding', 'Your profile'],
  ['/settings/notifications', 'Notification settings'],
]

export function pageTitleOf(pathname: string): string | null {
  return PAGE_TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? null
}
