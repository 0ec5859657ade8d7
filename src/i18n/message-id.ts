// The app's message ids: every area's English ids (catalogues/<area>/en.json), so a typo or a
// message no catalogue has is a type error. scripts/i18n-catalogues.mjs checks every area is here.
import type account from './catalogues/account/en.json'
import type admin from './catalogues/admin/en.json'
import type auth from './catalogues/auth/en.json'
import type comments from './catalogues/comments/en.json'
import type contract from './catalogues/contract/en.json'
import type dashboard from './catalogues/dashboard/en.json'
import type diagnostics from './catalogues/diagnostics/en.json'
import type groups from './catalogues/groups/en.json'
import type invites from './catalogues/invites/en.json'
import type landing from './catalogues/landing/en.json'
import type membership from './catalogues/membership/en.json'
import type moderation from './catalogues/moderation/en.json'
import type notifications from './catalogues/notifications/en.json'
import type offline from './catalogues/offline/en.json'
import type onboarding from './catalogues/onboarding/en.json'
import type prayerList from './catalogues/prayer-list/en.json'
import type push from './catalogues/push/en.json'
import type requests from './catalogues/requests/en.json'
import type rooms from './catalogues/rooms/en.json'
import type search from './catalogues/search/en.json'
import type shell from './catalogues/shell/en.json'
import type testimonies from './catalogues/testimonies/en.json'
import type wall from './catalogues/wall/en.json'

export type MessageId =
  | keyof typeof account
  | keyof typeof admin
  | keyof typeof auth
  | keyof typeof comments
  | keyof typeof contract
  | keyof typeof dashboard
  | keyof typeof diagnostics
  | keyof typeof groups
  | keyof typeof invites
  | keyof typeof landing
  | keyof typeof membership
  | keyof typeof moderation
  | keyof typeof notifications
  | keyof typeof offline
  | keyof typeof onboarding
  | keyof typeof prayerList
  | keyof typeof push
  | keyof typeof requests
  | keyof typeof rooms
  | keyof typeof search
  | keyof typeof shell
  | keyof typeof testimonies
  | keyof typeof wall
