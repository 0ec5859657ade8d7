import type { GrantableRole } from '@contract/moderation'

type RoleWording = {
  /** The chip on a member's row. */
  label: string
  make: string
  revoke: string
  grantTitle: (name: string) => string
  revokeTitle: (name: string) => string
  /** What the grant or revoke changes for the person, said before it is confirmed. */
  grantText: string
  revokeText: string
}

// The roles screen's words for each role an admin grants there (issue 8, issue 21).
export const ROLE_WORDING: Record<GrantableRole, RoleWording> = {
  moderator: {
    label: 'Moderator',
    make: 'Make moderator',
    revoke: 'Revoke moderator',
    grantTitle: (name) => `Make ${name} a moderator?`,
    revokeTitle: (name) => `Revoke moderator from ${name}?`,
    grantText:
      'They will see the review queue, its reports and the author details, and can remove content and suspend members.',
    revokeText: 'They will no longer see the review queue or act on reports.',
  },
  room_leader: {
    label: 'Room leader',
    make: 'Make room leader',
    revoke: 'Revoke room leader',
    grantTitle: (name) => `Make ${name} a room leader?`,
    revokeTitle: (name) => `Revoke room leader from ${name}?`,
    grantText:
      'They will be able to create public Prayer Rooms, open to everyone signed in, and lead them.',
    revokeText: 'They will no longer create public Prayer Rooms. Rooms they created stay.',
  },
}
