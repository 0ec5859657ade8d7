import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, type FakeRoute, problem } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { DeleteIntentionDialog } from './delete-intention-dialog'
import { INTENTION_PATH, intention } from './intention-dialogs.fixture'
import { MarkAnsweredDialog, TESTIMONY_HINT } from './mark-answered-dialog'
import { ReleaseInPeaceDialog } from './release-in-peace-dialog'

const STATUS_PATH = `${INTENTION_PATH}/status`
const answered = {
  status: 'answered',
  closure_reason: null,
  status_changed_at: '2026-11-22T12:00:00.000Z',
  has_testimony: false,
  testimony_id: null,
  testimony_title: null,
}

function serve(routes: Record<string, FakeRoute>) {
  return fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    ...routes,
  })
}

describe('MarkAnsweredDialog (spec 001 §4, §5, §8)', () => {
  it('without a full testimony shows the hint and only marks answered', async () => {
    const api = serve({ [`PATCH ${STATUS_PATH}`]: { json: answered } })
    const onDone = vi.fn()
    renderInRouter(() => (
      <MarkAnsweredDialog intention={intention} open onClose={() => {}} onDone={onDone} />
    ))
    const user = userEvent.setup()
    await user.type(
      await screen.findByRole('textbox', { name: /testimony title/i }),
      'God answered',
    )
    await user.type(screen.getByRole('textbox', { name: /your testimony/i }), 'Too short a story.')
    expect(screen.getByText(TESTIMONY_HINT)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Mark answered' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(answered))
    expect(api.sent('PATCH', STATUS_PATH)[0]?.body).toEqual({ status: 'answered' })
  })

  it('with a title and a story of 70+ characters shares the testimony too', async () => {
    const api = serve({ [`PATCH ${STATUS_PATH}`]: { json: { ...answered, has_testimony: true } } })
    renderInRouter(() => (
      <MarkAnsweredDialog intention={intention} open onClose={() => {}} onDone={() => {}} />
    ))
    const user = userEvent.setup()
    const title = await screen.findByRole('textbox', { name: /testimony title/i })
    expect(title).toHaveAttribute('maxlength', '80')
    await user.type(title, 'Surgery went well')
    await user.click(screen.getByRole('textbox', { name: /your testimony/i }))
    await user.paste('s'.repeat(70))
    expect(screen.queryByText(TESTIMONY_HINT)).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Share the testimony anonymously' }))
    await user.click(screen.getByRole('button', { name: 'Mark answered and share' }))
    await waitFor(() => expect(api.sent('PATCH', STATUS_PATH)).toHaveLength(1))
    expect(api.sent('PATCH', STATUS_PATH)[0]?.body).toEqual({
      status: 'answered',
      testimony_title: 'Surgery went well',
      testimony_text: 's'.repeat(70),
      testimony_visibility: 'anonymous',
    })
  })

  it("shows the server's detail, or the status text when there is none", async () => {
    let reply = problem(403, 'forbidden', 'Only the author can do this.')
    serve({ [`PATCH ${STATUS_PATH}`]: () => reply })
    renderInRouter(() => (
      <MarkAnsweredDialog intention={intention} open onClose={() => {}} onDone={() => {}} />
    ))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Mark answered' }))
    expect(await screen.findByText('Only the author can do this.')).toBeInTheDocument()
    reply = { status: 502 }
    await user.click(screen.getByRole('button', { name: 'Mark answered' }))
    expect(await screen.findByText(/^Failed to update status: /)).toBeInTheDocument()
  })
})

describe('ReleaseInPeaceDialog (spec 001 §4, §5)', () => {
  it('requires a reason and shows the optional note only for other', async () => {
    const api = serve({
      [`PATCH ${STATUS_PATH}`]: {
        json: { ...answered, status: 'released_in_peace', closure_reason: 'other' },
      },
    })
    const onDone = vi.fn()
    renderInRouter(() => (
      <ReleaseInPeaceDialog intention={intention} open onClose={() => {}} onDone={onDone} />
    ))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Release in peace' }))
    expect(screen.getByText('Please choose a reason.')).toBeInTheDocument()
    expect(api.sent('PATCH', STATUS_PATH)).toHaveLength(0)
    await user.click(screen.getByRole('radio', { name: 'The situation changed' }))
    expect(screen.queryByRole('textbox', { name: /note/i })).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Other' }))
    const note = screen.getByRole('textbox', { name: /note/i })
    expect(note).toHaveAttribute('maxlength', '120')
    await user.type(note, 'We moved on together.')
    await user.click(screen.getByRole('button', { name: 'Release in peace' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce())
    expect(api.sent('PATCH', STATUS_PATH)[0]?.body).toEqual({
      status: 'released_in_peace',
      closure_reason: 'other',
      closure_reason_note: 'We moved on together.',
    })
  })
})

describe('DeleteIntentionDialog (spec 001 §2, §6, §8)', () => {
  it.each([
    [problem(403, 'forbidden'), "You don't have permission to delete this."],
    [problem(404, 'not_found'), 'This prayer may have been removed.'],
    [problem(500, 'internal'), 'Failed to delete.'],
  ])('shows the exact failure (%#)', async (reply, message) => {
    serve({ [`DELETE ${INTENTION_PATH}`]: reply })
    renderInRouter(() => (
      <DeleteIntentionDialog
        intention={intention}
        mode="delete"
        open
        onClose={() => {}}
        onDone={() => {}}
      />
    ))
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('a moderator removes, and success hands back to the caller', async () => {
    const api = serve({ [`DELETE ${INTENTION_PATH}`]: { status: 204 } })
    const onDone = vi.fn()
    renderInRouter(() => (
      <DeleteIntentionDialog
        intention={intention}
        mode="remove"
        open
        onClose={() => {}}
        onDone={onDone}
      />
    ))
    expect(
      await screen.findByRole('dialog', { name: 'Remove prayer request?' }),
    ).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce())
    expect(api.sent('DELETE', INTENTION_PATH)).toHaveLength(1)
  })
})
