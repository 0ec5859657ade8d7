import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAs } from '../testing/moderation-fixtures'

const AUDIT = '/api/v1/moderation/audit'

const entry = (id: string, patch: object) => ({
  id,
  at: '2026-11-21T10:00:00.000Z',
  actor: { userId: 'm1', displayName: 'Gentle Dove' },
  action: 'remove',
  target: { type: 'comment', id: 'c-1' },
  reason: null,
  details: {},
  ...patch,
})

describe('audit log (issue 8, admins)', () => {
  it('shows who did what, to what, and why, newest first, with Load more', async () => {
    const { user } = renderAs('admin', '/moderation/audit', {
      [`GET ${AUDIT}?limit=20`]: {
        json: {
          items: [
            entry('a1', { reason: 'Advertising' }),
            entry('a2', {
              action: 'suspend',
              target: { type: 'user', id: 'u-9' },
              reason: 'Spam',
              details: { days: 7 },
            }),
          ],
          nextCursor: 'older',
        },
      },
      [`GET ${AUDIT}?limit=20&cursor=older`]: {
        json: {
          items: [
            entry('a3', {
              action: 'blocklist_add',
              target: { type: 'phrase', id: 'cheap watches' },
              actor: null,
            }),
          ],
          nextCursor: null,
        },
      },
    })
    const table = await screen.findByRole('table', { name: 'Audit log' })
    const rows = () => within(table).getAllByRole('row').slice(1)
    expect(
      rows().map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Gentle Dove', 'Removed', 'Comment c-1', 'Advertising'],
      ['Gentle Dove', 'Suspendeddays: 7', 'Member u-9', 'Spam'],
    ])
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await within(table).findByText('Phrase “cheap watches”')).toBeInTheDocument()
    expect(within(rows()[2] as HTMLElement).getByText('Deleted account')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    // Append-only: the screen offers no way to change an entry.
    expect(within(table).queryByRole('button')).not.toBeInTheDocument()
  })

  it('names the role of a role change (issue 21: moderator or room leader)', async () => {
    renderAs('admin', '/moderation/audit', {
      [`GET ${AUDIT}`]: {
        json: {
          items: [
            entry('r1', {
              action: 'role_grant',
              target: { type: 'user', id: 'u-2' },
              details: { role: 'room_leader' },
            }),
            entry('r2', {
              action: 'role_revoke',
              target: { type: 'user', id: 'u-3' },
              details: { role: 'moderator' },
            }),
          ],
          nextCursor: null,
        },
      },
    })
    const table = await screen.findByRole('table', { name: 'Audit log' })
    expect(within(table).getByText(/^Granted room leader/)).toBeInTheDocument()
    expect(within(table).getByText(/^Revoked moderator/)).toBeInTheDocument()
  })

  it('says when nothing has been done yet', async () => {
    renderAs('admin', '/moderation/audit', {
      [`GET ${AUDIT}`]: { json: { items: [], nextCursor: null } },
    })
    expect(await screen.findByText('No moderation actions yet.')).toBeInTheDocument()
  })
})
