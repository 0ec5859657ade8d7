import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { clearOutbox, enqueue, readQueue } from '@/lib/outbox/outbox-store'
import { fakeApi, problem } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

// As a cold start anywhere but the landing and the wall: every area's English is there.
beforeAll(() => activateLanguage('en'))
afterEach(() => clearOutbox('u1'))

// DESIGN §6, ADR 0015: writes saved offline are deleted by a deliberate sign-out only, after
// the member has seen the list of what goes.
describe('signing out with saved prayers not sent yet', () => {
  it('lists what will be deleted; staying keeps it, confirming deletes it', async () => {
    window.sessionStorage.clear()
    const api = fakeApi({
      'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
      'GET /api/v1/users/me/': {
        json: { user_id: 'u1', display_name: 'Gentle Dove', email_verified: true, roles: [] },
      },
      // The server is restarting: the writes stay queued.
      'POST /api/v1/sync': problem(503, 'unavailable'),
      'POST /auth/logout': { status: 204 },
    })
    await enqueue('u1', { kind: 'pray', intentionId: 'p1' }, 'k1')
    await enqueue('u1', { kind: 'comment', intentionId: 'p1', content: 'Held in prayer' }, 'k2')
    renderRoute('/groups')
    const user = userEvent.setup()
    const signOut = async () => {
      await user.click(await screen.findByRole('button', { name: 'Gentle Dove' }))
      await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
      return screen.findByRole('dialog', { name: 'Sign out and delete your saved prayers?' })
    }

    let dialog = await signOut()
    const listed = within(dialog).getByRole('list', { name: 'Saved prayers that will be deleted' })
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Prayed for a prayer request', 'Comment: “Held in prayer”'])
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.sent('POST', '/auth/logout')).toEqual([])
    expect(await readQueue('u1', { fresh: true })).toHaveLength(2)

    dialog = await signOut()
    await user.click(within(dialog).getByRole('button', { name: 'Sign out and delete' }))
    await waitFor(() => expect(api.sent('POST', '/auth/logout')).toHaveLength(1))
    await waitFor(async () => expect(await readQueue('u1', { fresh: true })).toEqual([]))
  })
})
