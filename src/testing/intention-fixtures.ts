import type { Intention } from '@contract/intentions'

// Test data shaped exactly like the server's feed items (contract IntentionSchema).
let sequence = 0

export function anIntention(overrides: Partial<Intention> = {}): Intention {
  sequence += 1
  const id = `0190a1b2-c3d4-7e5f-8a9b-${String(sequence).padStart(12, '0')}`
  return {
    intention_id: id,
    title: `Please pray for my mother's recovery ${sequence}`,
    details:
      'She has surgery on Thursday morning and we would be grateful for your prayers this week.',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    author_display_name: 'Quiet Dove',
    identity_mode: 'display_name',
    status: 'active',
    closure_reason: null,
    status_changed_at: null,
    tags: [],
    scripture_ref: null,
    destination: 'public_wall',
    group_id: null,
    group_name: null,
    prayed_count: 0,
    amen_count: 0,
    candle_count: 0,
    comments_count: 0,
    has_prayed: false,
    said_amen: false,
    lighted_candle: false,
    has_reported: false,
    has_testimony: false,
    testimony_id: null,
    testimony_title: null,
    is_mine: false,
    ...overrides,
  }
}
