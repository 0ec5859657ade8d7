import { describe, expect, it } from 'vitest'
import { INTENTION_MENU_LABELS, intentionMenuItems } from './intention-menu-items'

const labels = (
  isMine: boolean,
  isModerator: boolean,
  status: 'active' | 'answered' | 'released_in_peace',
) =>
  intentionMenuItems({ is_mine: isMine, status }, isModerator).map(
    (item) => INTENTION_MENU_LABELS[item],
  )

// Spec 001 §2 "Three-dot menu", one row per caller and status.
describe('the intention menu', () => {
  it.each([
    [
      'owner',
      true,
      false,
      'active',
      ['Mark as Prayer Answered', 'Release in Peace', 'Edit', 'Delete', 'Share', 'Report'],
    ],
    ['owner', true, false, 'answered', ['Edit', 'Reopen Prayer', 'Delete', 'Share', 'Report']],
    [
      'owner',
      true,
      false,
      'released_in_peace',
      ['Edit', 'Reopen Prayer', 'Delete', 'Share', 'Report'],
    ],
    [
      'moderator',
      false,
      true,
      'active',
      ['Mark as Prayer Answered', 'Release in Peace', 'Edit', 'Remove', 'Share', 'Report'],
    ],
    ['moderator', false, true, 'answered', ['Edit', 'Reopen Prayer', 'Remove', 'Share', 'Report']],
    [
      'moderator who owns it',
      true,
      true,
      'active',
      ['Mark as Prayer Answered', 'Release in Peace', 'Edit', 'Delete', 'Share', 'Report'],
    ],
    ['other member', false, false, 'active', ['Share', 'Report']],
    ['other member', false, false, 'released_in_peace', ['Share', 'Report']],
  ] as const)('%s, %s…', (_who, isMine, isModerator, status, expected) => {
    expect(labels(isMine, isModerator, status)).toEqual(expected)
  })
})
