import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adoptSavedWrites } from '@/lib/outbox/outbox-owner'
import { activateLanguage } from '@/i18n/i18n'
import { clearOutbox, enqueue } from '@/lib/outbox/outbox-store'
import { SavedWritesNotice } from './saved-writes-notice'

// As a cold start anywhere but the landing and the wall: every area's English is there.
beforeAll(() => activateLanguage('en'))
afterEach(async () => {
  localStorage.clear()
  await clearOutbox('ann')
})

describe('SavedWritesNotice', () => {
  it('counts the writes a member queued before their session ended', async () => {
    await adoptSavedWrites('ann')
    for (const id of ['p1', 'p2', 'p3']) await enqueue('ann', { kind: 'pray', intentionId: id }, id)
    render(<SavedWritesNotice />)
    expect(await screen.findByText('Sign in to send your 3 saved prayers')).toBeVisible()
  })

  it('speaks of one saved prayer in the singular', async () => {
    await adoptSavedWrites('ann')
    await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: 'With you' }, 'k1')
    render(<SavedWritesNotice />)
    expect(await screen.findByText('Sign in to send your 1 saved prayer')).toBeVisible()
  })
})
