import type { Intention } from '@contract/intentions'

// An intention as the wall hands it to the dialogs (component tests).
export const intention: Intention = {
  intention_id: '0190f6f0-0000-7000-8000-000000000001',
  title: 'Please pray for my mother in hospital',
  details: 'She has surgery on Monday morning and we are hoping for a calm recovery and good news.',
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  author_display_name: 'Gentle Dove',
  identity_mode: 'display_name',
  status: 'active',
  closure_reason: null,
  status_changed_at: null,
  tags: ['family'],
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
  is_mine: true,
}

export const INTENTION_PATH = `/api/v1/intentions/${intention.intention_id}`
