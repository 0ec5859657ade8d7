import type { GrantableRole } from '@contract/moderation'
import type { MessageId } from '@/i18n/i18n'

type RoleWording = {
  /** The chip on a member's row. */
  label: MessageId
  /** The role inside a sentence of the audit log ("Granted room leader"). */
  inSentence: MessageId
  make: MessageId
  revoke: MessageId
  /** Screen-reader names of the row's buttons, with `{name}`. */
  makeFor: MessageId
  revokeFrom: MessageId
  /** The confirmation's titles, with `{name}`. */
  grantTitle: MessageId
  revokeTitle: MessageId
  /** What the grant or revoke changes for the person, said before it is confirmed. */
  grantText: MessageId
  revokeText: MessageId
}

// The roles screen's words for each role an admin grants there (issue 8, issue 21), as message
// ids: translated where they show.
export const ROLE_WORDING: Record<GrantableRole, RoleWording> = {
  moderator: {
    label: 'Moderator',
    inSentence: 'moderator (role in a sentence)',
    make: 'Make moderator',
    revoke: 'Revoke moderator',
    makeFor: 'Make moderator (button for a member)',
    revokeFrom: 'Revoke moderator (button for a member)',
    grantTitle: 'Make a member a moderator?',
    revokeTitle: 'Revoke moderator from a member?',
    grantText:
      'They will see the review queue, its reports and the author details, and can remove content and suspend members.',
    revokeText: 'They will no longer see the review queue or act on reports.',
  },
  room_leader: {
    label: 'Room leader',
    inSentence: 'room leader (role in a sentence)',
    make: 'Make room leader',
    revoke: 'Revoke room leader',
    makeFor: 'Make room leader (button for a member)',
    revokeFrom: 'Revoke room leader (button for a member)',
    grantTitle: 'Make a member a room leader?',
    revokeTitle: 'Revoke room leader from a member?',
    grantText:
      'They will be able to create public Prayer Rooms, open to everyone signed in, and lead them.',
    revokeText: 'They will no longer create public Prayer Rooms. Rooms they created stay.',
  },
}
