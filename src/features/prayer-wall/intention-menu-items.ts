import type { Intention } from '@contract/intentions'
import type { MessageId } from '@/i18n/i18n'

export type IntentionMenuItem =
  'markAnswered' | 'release' | 'edit' | 'reopen' | 'delete' | 'remove' | 'share' | 'report'

export const INTENTION_MENU_LABELS: Record<IntentionMenuItem, MessageId> = {
  markAnswered: 'Mark as Prayer Answered',
  release: 'Release in Peace',
  edit: 'Edit',
  reopen: 'Reopen Prayer',
  delete: 'Delete',
  remove: 'Remove',
  share: 'Share',
  report: 'Report',
}

/**
 * Spec 001 §2 "Three-dot menu" and §6: owners and moderators answer, release, edit and reopen;
 * the owner deletes, a moderator who is not the owner removes; everyone shares and reports.
 */
export function intentionMenuItems(
  intention: Pick<Intention, 'is_mine' | 'status'>,
  isModerator: boolean,
): IntentionMenuItem[] {
  const steward = intention.is_mine || isModerator
  const active = intention.status === 'active'
  const items: IntentionMenuItem[] = []
  if (steward && active) items.push('markAnswered', 'release')
  if (steward) items.push('edit')
  if (steward && !active) items.push('reopen')
  if (intention.is_mine) items.push('delete')
  else if (isModerator) items.push('remove')
  items.push('share', 'report')
  return items
}
