import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { configure, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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

configure({ asyncUtilTimeout: 10_000 })

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

describe('Comments area: the form (spec 001 §2, §5, §6, §8)', { timeout: 30_000 }, () => {
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
    ['no answer', 'network', 'Network error. Please try again.'],
    [
      'an answer that is not a comment',
      'unreadable',
      'An unexpected error occurred. Please try again.',
    ],
  ]
  it.each(failures)('on %s says so and keeps the typed text', async (_case, reply, message) => {
    const route =
      reply === 'network'
        ? () => Promise.reject(new TypeError('Failed to fetch'))
        : reply === 'unreadable'
          ? { status: 201, json: { surprise: true } }
          : reply
    const { user, onCountChange } = await ready({ [`POST ${THREAD}`]: route })
    await user.type(box(), 'Keep this text')
    await user.click(post())
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(box()).toHaveValue('Keep this text')
    expect(post()).toBeEnabled()
    expect(onCountChange).not.toHaveBeenCalled()
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
