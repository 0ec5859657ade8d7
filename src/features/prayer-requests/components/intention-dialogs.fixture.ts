import type { Intention } from '@contract/intentions'
import { anIntention } from '@/testing/intention-fixtures'

// An intention as the wall hands it to the dialogs (component tests).
export const intention: Intention = anIntention({
  intention_id: '0190f6f0-0000-7000-8000-000000000001',
  title: 'Please pray for my mother in hospital',
  details: 'She has surgery on Monday morning and we are hoping for a calm recovery and good news.',
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  author_display_name: 'Gentle Dove',
  tags: ['family'],
  is_mine: true,
})

export const INTENTION_PATH = `/api/v1/intentions/${intention.intention_id}`
