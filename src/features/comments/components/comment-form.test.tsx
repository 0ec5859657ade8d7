import 'fake-indexeddb/auto'
import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { onlineManager } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { clearOutbox, readQueue } from '@/lib/outbox/outbox-store'
import { useHasUnsavedChanges } from '@/lib/unsaved-changes'
import { deferredReply, type FakeReply, problem } from '@/testing/fake-api'
import {
  aComment,
  aPage,
  findComment,
  profileLoaded,
  renderComments,
  sentHeaders,
  THREAD,
} from '../testing/render-comments'

const box = () => screen.getByRole('textbox', { name: 'Write a comment' })
const post = () => screen.getByRole('button', { name: 'Post' })

async function ready(routes = {}, options: { verified?: boolean } = {}) {
  const view = renderComments({
    routes: { [`GET ${THREAD}`]: { json: aPage([]) }, ...routes },
    viewer: { verified: options.verified ?? true },
  })
  await screen.findByText('No comments yet.')
  await profileLoaded(view.queryClient)
  return view
}

describe('Comments area: the form (spec 001 §2, §5, §6, §8)', () => {
  it('offers the textarea with its placeholder and a live x/200 count that warns from 180', async () => {
    const { user } = await ready()
    expect(box()).toHaveAttribute('placeholder', 'Write a comment (max 200 characters)')
    expect(box()).toHaveAccessibleDescription('0/200')
    await user.type(box(), 'Amen')
    expect(box()).toHaveAccessibleDescription('4/200')

    await user.clear(box())
    await user.click(box())
    await user.paste('a'.repeat(179))
    expect(box()).toHaveAccessibleDescription('179/200')
    await user.type(box(), 'b')
    expect(box()).toHaveAccessibleDescription('180/200 characters, close to the limit')
    await user.paste('c'.repeat(21))
    expect(box()).toHaveAccessibleDescription('201/200 characters, over the limit')
  })

  it('checks on Post first, then on every change once an error has shown', async () => {
    const { api, user } = await ready()
    // Typing too much says nothing before the first submit…
    await user.click(box())
    await user.paste('x'.repeat(201))
    expect(screen.queryByText('Maximum 200 characters.')).not.toBeInTheDocument()
    await user.click(post())
    expect(await screen.findByText('Maximum 200 characters.')).toBeInTheDocument()
    // …then each change is checked again.
    await user.type(box(), '{Backspace}')
    expect(screen.queryByText('Maximum 200 characters.')).not.toBeInTheDocument()
    await user.clear(box())
    await user.type(box(), '   ')
    expect(await screen.findByText('Please enter a comment.')).toBeInTheDocument()
    expect(box()).toHaveAttribute('aria-invalid', 'true')
    expect(api.sent('POST', THREAD)).toHaveLength(0)
  })

  it('sends the trimmed text with an Idempotency-Key, shows "Posting…", then clears and lists the comment', async () => {
    const answer = deferredReply()
    const { api, user, onCountChange } = await ready({ [`POST ${THREAD}`]: answer.route })
    await user.type(box(), '  Praying with you tonight  ')
    await user.click(post())
    expect(await screen.findByRole('button', { name: 'Posting…' })).toBeDisabled()
    expect(api.sent('POST', THREAD).map((request) => request.body)).toEqual([
      { content: 'Praying with you tonight' },
    ])
    expect(sentHeaders('POST', THREAD)[0]?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)

    answer.release({
      status: 201,
      json: aComment({
        content: 'Praying with you tonight',
        isYou: true,
        author_display_name: 'Gentle Dove',
      }),
    })
    expect(await findComment('Praying with you tonight')).toHaveTextContent('(You)')
    await waitFor(() => expect(box()).toHaveValue(''))
    expect(onCountChange).toHaveBeenCalledWith(1)
    expect(screen.queryByText('No comments yet.')).not.toBeInTheDocument()
  })

  const failures: [string, FakeReply | 'network' | 'unreadable', string][] = [
    [
      '403 email not verified',
      problem(403, 'email_not_verified', 'Verify first'),
      'You need to verify your email address to post comments.',
    ],
    [
      '422 content policy',
      problem(422, 'content_policy', CONTENT_POLICY_MESSAGE),
      CONTENT_POLICY_MESSAGE,
    ],
    [
      '423 closed, server text',
      problem(423, 'closed', 'This prayer is closed.'),
      'This prayer is closed.',
    ],
    ['500 without text', problem(500, 'internal_error', ''), 'Failed to add comment.'],
    [
      'an answer that is not a comment',
      'unreadable',
      'An unexpected error occurred. Please try again.',
    ],
  ]
  it.each(failures)('on %s says so and keeps the typed text', async (_case, reply, message) => {
    const route = reply === 'unreadable' ? { status: 201, json: { surprise: true } } : reply
    const { user, onCountChange } = await ready({ [`POST ${THREAD}`]: route })
    await user.type(box(), 'Keep this text')
    await user.click(post())
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(box()).toHaveValue('Keep this text')
    expect(post()).toBeEnabled()
    expect(onCountChange).not.toHaveBeenCalled()
  })

  it('with no answer, moves the text to the outbox and shows it as pending (DESIGN §6)', async () => {
    await clearOutbox('viewer')
    const { user, onCountChange } = await ready({
      [`POST ${THREAD}`]: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await user.type(box(), 'Written on the train')
    await user.click(post())
    const waiting = await screen.findByRole('list', { name: 'Comments waiting to be sent' })
    expect(waiting).toHaveTextContent('Written on the train')
    expect(waiting).toHaveTextContent('Pending')
    // The list shows once the outbox has it; the box empties when the post settles, a tick apart.
    await waitFor(() => expect(box()).toHaveValue(''))
    expect(onCountChange).not.toHaveBeenCalled()
    const [entry] = await readQueue('viewer')
    expect(entry?.write).toEqual({
      kind: 'comment',
      intentionId: expect.any(String),
      content: 'Written on the train',
    })
    // Sent under the key it waits with, so a replay of a post that did arrive adds nothing.
    expect(sentHeaders('POST', THREAD)[0]?.['Idempotency-Key']).toBe(entry?.key)
    await clearOutbox('viewer')
  })

  it('offline, queues the comment without trying the network and shows it as pending', async () => {
    await clearOutbox('viewer')
    const { user } = await ready()
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    try {
      await user.type(box(), 'No signal in the tunnel')
      await user.click(post())
      const waiting = await screen.findByRole('list', { name: 'Comments waiting to be sent' })
      expect(waiting).toHaveTextContent('No signal in the tunnel')
      await waitFor(() => expect(box()).toHaveValue(''))
      expect(sentHeaders('POST', THREAD)).toHaveLength(0)
    } finally {
      onlineManager.setOnline(true)
      offline.mockRestore()
      await clearOutbox('viewer')
    }
  })

  it('keeps Post disabled for a member whose email is not verified', async () => {
    await ready({}, { verified: false })
    await waitFor(() => expect(post()).toBeDisabled())
  })

  it('shows no form on a closed prayer, and still lists its comments', async () => {
    renderComments({
      closed: true,
      routes: { [`GET ${THREAD}`]: { json: aPage([aComment({ content: 'Thank God' })]) } },
    })
    await findComment('Thank God')
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument()
  })

  it('holds the typed text as unsaved input until the server has it', async () => {
    function UnsavedProbe() {
      return <output aria-label="unsaved">{String(useHasUnsavedChanges())}</output>
    }
    let attempts = 0
    const { user } = await ready({
      [`POST ${THREAD}`]: () =>
        ++attempts === 1
          ? problem(500, 'internal_error', '')
          : { status: 201, json: aComment({ content: 'Held safely', isYou: true }) },
    })
    render(<UnsavedProbe />)
    const unsaved = screen.getByRole('status', { name: 'unsaved' })
    expect(unsaved).toHaveTextContent('false')
    await user.type(box(), 'Held safely')
    expect(unsaved).toHaveTextContent('true')
    await user.click(post())
    expect(await screen.findByText('Failed to add comment.')).toBeInTheDocument()
    expect(unsaved).toHaveTextContent('true')
    await user.click(post())
    await findComment('Held safely')
    await waitFor(() => expect(unsaved).toHaveTextContent('false'))
  })

  it('keeps the unsent text when the comments are closed and opened again', async () => {
    const { user } = await ready()
    await user.type(box(), 'Half a thought')
    const expander = screen.getByRole('button', { name: 'Comments' })
    await user.click(expander)
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument()
    await user.click(expander)
    expect(await screen.findByRole('textbox', { name: 'Write a comment' })).toHaveValue(
      'Half a thought',
    )
  })

  it('posts a comment that signals crisis and shows the support it came back with', async () => {
    const { user } = await ready({
      [`POST ${THREAD}`]: {
        status: 201,
        json: {
          ...aComment({ content: 'I feel so alone', isYou: true }),
          support: {
            message: 'You are not alone. Help is available now.',
            resources: [
              { name: 'Samaritans', url: 'https://www.samaritans.org/', phone: '116 123' },
            ],
          },
        },
      },
    })
    await user.type(box(), 'I feel so alone')
    await user.click(post())
    await findComment('I feel so alone')
    expect(await screen.findByText('You are not alone. Help is available now.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Samaritans' })).toHaveAttribute(
      'href',
      'https://www.samaritans.org/',
    )
    expect(screen.getByRole('link', { name: '116 123' })).toHaveAttribute('href', 'tel:116123')
  })
})
