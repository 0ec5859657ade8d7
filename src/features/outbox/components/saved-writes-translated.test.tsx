import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { adoptSavedWrites } from '@/lib/outbox/outbox-owner'
import { clearOutbox, enqueue } from '@/lib/outbox/outbox-store'
import { SavedWritesNotice } from './saved-writes-notice'

afterEach(async () => {
  localStorage.clear()
  await clearOutbox('ann')
  await activateLanguage('en')
})

describe('the saved-writes notice in the member’s language', () => {
  it('counts two saved prayers with the Arabic dual', async () => {
    await activateLanguage('ar')
    await adoptSavedWrites('ann')
    for (const id of ['p1', 'p2']) await enqueue('ann', { kind: 'pray', intentionId: id }, id)
    render(<SavedWritesNotice />)
    expect(await screen.findByText('سجّل الدخول لإرسال صلاتَيك المحفوظتين')).toBeVisible()
  })
})
