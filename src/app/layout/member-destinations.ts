import addCirclePaths from '@mui/icons-material/AddCircle?svg-paths'
import autoStoriesPaths from '@mui/icons-material/AutoStories?svg-paths'
import autoStoriesOutlinedPaths from '@mui/icons-material/AutoStoriesOutlined?svg-paths'
import groupsPaths from '@mui/icons-material/Groups?svg-paths'
import groupsOutlinedPaths from '@mui/icons-material/GroupsOutlined?svg-paths'
import homePaths from '@mui/icons-material/Home?svg-paths'
import homeOutlinedPaths from '@mui/icons-material/HomeOutlined?svg-paths'
import listAltPaths from '@mui/icons-material/ListAlt?svg-paths'
import listAltOutlinedPaths from '@mui/icons-material/ListAltOutlined?svg-paths'
import meetingRoomPaths from '@mui/icons-material/MeetingRoom?svg-paths'
import meetingRoomOutlinedPaths from '@mui/icons-material/MeetingRoomOutlined?svg-paths'
import type { MessageId } from '@/i18n/i18n'

// Material icons as path data for src/ui/svg-icon: the bottom bar is on the wall's first screen,
// which loads no MUI (ADR 0025).
type IconPaths = readonly string[]

export type MemberDestination = {
  to: '/prayerwall' | '/testimonies' | '/prayerwall/create' | '/prayerlist' | '/rooms' | '/groups'
  /** Its name in the catalogues (issue 42): the bar and Me's menu say it in the member's language. */
  label: MessageId
  icon: IconPaths
  activeIcon: IconPaths
  /** The one primary action, drawn raised in the middle of the bar. */
  primary?: boolean
  /** Paths below `to` that still belong to this tab (a group page is under Groups). */
  matchesChildren?: boolean
}

/**
 * The members' places (issue 17, ADR 0013), most used first. On a phone the bottom bar holds
 * the first BAR_PLACES of them and "Me" (a menu, not a page); Me's menu lists the rest: My Prayer
 * List (issue 20) and Prayer Rooms (issue 21; a live room is under Rooms).
 */
export const MEMBER_DESTINATIONS: readonly MemberDestination[] = [
  { to: '/prayerwall', label: 'Wall', icon: homeOutlinedPaths, activeIcon: homePaths },
  {
    to: '/testimonies',
    label: 'Testimonies',
    icon: autoStoriesOutlinedPaths,
    activeIcon: autoStoriesPaths,
  },
  {
    to: '/prayerwall/create',
    label: 'Ask for Prayer',
    icon: addCirclePaths,
    activeIcon: addCirclePaths,
    primary: true,
  },
  {
    to: '/groups',
    label: 'Groups',
    icon: groupsOutlinedPaths,
    activeIcon: groupsPaths,
    matchesChildren: true,
  },
  {
    to: '/prayerlist',
    label: 'Prayer List',
    icon: listAltOutlinedPaths,
    activeIcon: listAltPaths,
  },
  {
    to: '/rooms',
    label: 'Rooms',
    icon: meetingRoomOutlinedPaths,
    activeIcon: meetingRoomPaths,
    matchesChildren: true,
  },
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
const PAGE_TITLES: [prefix: string, title: MessageId][] = [
  ['/prayerwall/create', 'Ask for Prayer (page title)'],
  ['/prayerwall', 'Prayer Wall'],
  ['/testimonies/create', 'Share Your Testimony'],
  ['/testimonies', 'Testimonies'],
  ['/groups', 'Groups'],
  ['/prayerlist', 'My Prayer List'],
  ['/rooms', 'Prayer Rooms'],
  ['/moderation', 'Moderation'],
  // The community settings sit in the moderation screens' layout (issue 38).
  ['/admin/community', 'Moderation'],
  ['/admin/invites', 'Moderation'],
  ['/admin', 'Dashboard'],
  ['/onboarding', 'Your profile'],
  ['/settings/notifications', 'Notification settings'],
  ['/settings/account', 'Account'],
]

export function pageTitleOf(pathname: string): MessageId | null {
  return PAGE_TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? null
}
