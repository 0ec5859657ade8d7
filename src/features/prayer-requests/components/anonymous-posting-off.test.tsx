import 'fake-indexeddb/auto'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { screen, waitFor, within } from '@testing-library/react'
import { clear } from 'idb-keyval'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setupComposer as setup } from './composer.fixture'

// Issue 38: a community that forbids anonymous posting offers no way to post anonymously (the
// server refuses one anyway, with a 400 naming the field).
vi.mock('@/lib/community-page', () => ({
  communityPage: { ...COMMUNITY_DEFAULTS, anonymous_posting: false },
}))

beforeEach(async () => {
  await clear()
})

describe('Create Prayer Request where anonymous posting is off', () => {
  it('has no Anonymous switch on the wall and no Anonymous identity in a group', async () => {
    const { user } = setup({}, [
      {
        id: '0190f6f0-0000-7000-8000-0000000000aa',
        name: 'Night Watch',
        description: null,
        invite_code: 'ABCD2345',
        role: 'admin',
      },
    ])
    expect(await screen.findByText('Visible to everyone on the Wall.')).toBeInTheDocument()
    expect(screen.queryByRole('switch', { name: 'Anonymous' })).toBeNull()
    const privateRadio = await screen.findByRole('radio', { name: 'Private Group' })
    await waitFor(() => expect(privateRadio).toBeEnabled())
    await user.click(privateRadio)
    await user.click(screen.getByRole('combobox', { name: /identity/i }))
    const options = within(await screen.findByRole('listbox')).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'First + Last Name',
      'Display Name',
    ])
  })
})
