import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, type FakeReply, problem } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { EditIntentionDialog } from './edit-intention-dialog'
import { INTENTION_PATH, intention } from './intention-dialogs.fixture'

const latest = {
  ...intention,
  title: 'Please pray for my mother, surgery went well',
  updated_at: '2026-11-22T11:00:00.000Z',
}

function setup(patch: () => FakeReply) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    [`PATCH ${INTENTION_PATH}`]: patch,
    [`GET ${INTENTION_PATH}`]: { json: latest },
  })
  const onSaved = vi.fn()
  renderInRouter(() => (
    <EditIntentionDialog intention={intention} open onClose={() => {}} onSaved={onSaved} />
  ))
  return { api, onSaved, user: userEvent.setup() }
}

describe('EditIntentionDialog (spec 001 §2, §4, §8)', () => {
  it('on a 409 shows the conflict, reloads the latest version, and saves against it', async () => {
    let conflict = true
    const { api, onSaved, user } = setup(() =>
      conflict
        ? problem(409, 'conflict', 'stale')
        : { json: { ...latest, details: `${latest.details} Amen.` } },
    )
    await user.type(await screen.findByRole('textbox', { name: /details/i }), ' Amen.')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(
      await screen.findByText(
        'This post was updated in the meantime. Review latest content and try again.',
      ),
    ).toBeInTheDocument()
    expect(api.sent('PATCH', INTENTION_PATH)[0]?.body).toMatchObject({
      expected_updated_at: intention.updated_at,
    })

    await user.click(screen.getByRole('button', { name: 'Reload latest' }))
    expect(await screen.findByText(latest.title)).toBeInTheDocument()
    expect(screen.getByText('Latest version')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(screen.getByRole('textbox', { name: /title/i })).toHaveValue(latest.title)

    conflict = false
    await user.type(screen.getByRole('textbox', { name: /details/i }), ' Amen.')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce())
    expect(api.sent('PATCH', INTENTION_PATH)[1]?.body).toEqual({
      title: latest.title,
      details: `${latest.details} Amen.`,
      tags: ['family'],
      expected_updated_at: latest.updated_at,
    })
  })

  it.each([
    [problem(403, 'forbidden'), "You don't have permission to edit this."],
    [problem(401, 'unauthenticated'), "You don't have permission to edit this."],
    [problem(404, 'not_found'), 'This prayer may have been removed.'],
    [problem(422, 'content_policy', CONTENT_POLICY_MESSAGE), CONTENT_POLICY_MESSAGE],
    [problem(500, 'internal'), 'Failed to save changes.'],
  ])('a failed save shows the exact message (%#)', async (reply, message) => {
    const { user } = setup(() => reply)
    await user.click(await screen.findByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled()
  })

  it('checks the title and details rules before saving', async () => {
    const { user } = setup(() => ({ json: intention }))
    const title = await screen.findByRole('textbox', { name: /title/i })
    await user.clear(title)
    await user.type(title, 'Too short')
    expect(screen.getByText('Title must be at least 25 characters.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled()
  })
})
