import type { OutboxWrite } from '../../contract/outbox-entry'

export interface OfflineEntry {
  id: string
  key: string
  target: string
  write: OutboxWrite
  createdAt: number
  attempts: number
  lastError: null
  retryAt: null
}

export interface Intention {
  id: string
  commentId: string
}

export function makeActions(
  intentions: Intention[],
  count: number,
): { entries: OfflineEntry[]; preset: Intention[] }

export function expectedEndState(
  intentions: Intention[],
  actions: { entries: OfflineEntry[]; preset: Intention[] },
): Record<'amen' | 'candle' | 'prayed' | 'comments' | 'mine' | 'likes' | 'amens', number>[]
