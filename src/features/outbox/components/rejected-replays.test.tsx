import 'fake-indexeddb/auto'
import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OutboxWrite } from '@contract/outbox-entry'
import { activateLanguage } from '@/i18n/i18n'
import { clearOutbox, enqueue, readQueue, readRejected, reject } from '@/lib/outbox/outbox-store'
import { signedInClient } from '@/testing/signed-in-client'
import { RejectedReplays } from './rejected-replays'

async function refused(write: OutboxWrite, status: number, message: string) {
  await enqueue('ann', write, crypto.randomUUID())
  const [entry] = await readQueue('ann')
  await reject('ann', entry!, status, message)
}

afterEach(async () => {
  await clearOutbox('ann')
  await activateLanguage('en')
})

describe('Refused replays (DESIGN §6: nothing typed is lost silently)', () => {
  it('shows the server’s message with the kept text; Edit hands it back, Dismiss lets a reaction go', async () => {
    await refused(
      { kind: 'comment', intentionId: 'p1', content: 'Words the policy refused' },
      422,
      CONTENT_POLICY_MESSAGE,
    )
    await refused(
      { kind: 'intention-reaction', intentionId: 'p2', reaction: 'candle', active: true },
      423,
      'This prayer is closed.',
    )
    const onEdit = vi.fn().mockResolvedValue(true)
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={signedInClient('ann')}>
        <RejectedReplays onEdit={onEdit} />
      </QueryClientProvider>,
    )

    const region = await screen.findByRole('region', { name: 'Not sent' })
    const [comment, candle] = await screen.findAllByRole('alert')
    expect(comment).toHaveTextContent('Your comment was not posted')
    expect(comment).toHaveTextContent(CONTENT_POLICY_MESSAGE)
    expect(comment).toHaveTextContent('Words the policy refused')
    expect(candle).toHaveTextContent('This prayer is closed.')
    expect(region).toContainElement(candle!)

    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(onEdit).toHaveBeenCalledWith(
      expect.objectContaining({
        write: expect.objectContaining({ content: 'Words the policy refused' }),
      }),
    )
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1))

    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Not sent' })).toBeNull())
    expect(await readRejected('ann')).toEqual([])
  })

  it('shows a message kept in English in the member’s language where the app holds it', async () => {
    await activateLanguage('es')
    await refused(
      { kind: 'comment', intentionId: 'p1', content: 'Words the policy refused' },
      422,
      CONTENT_POLICY_MESSAGE,
    )
    render(
      <QueryClientProvider client={signedInClient('ann')}>
        <RejectedReplays onEdit={vi.fn()} />
      </QueryClientProvider>,
    )
    const refusal = await screen.findByRole('alert')
    expect(refusal).toHaveTextContent('Tu comentario no se publicó')
    expect(refusal).toHaveTextContent(
      'Lo sentimos, pero no pudimos procesar tu solicitud porque parece infringir nuestra política de contenido.',
    )
  })

  it('keeps the refused text listed when it could not go back to its form', async () => {
    await refused({ kind: 'comment', intentionId: 'p1', content: 'Still here' }, 404, 'Gone.')
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={signedInClient('ann')}>
        <RejectedReplays onEdit={async () => false} />
      </QueryClientProvider>,
    )
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    expect(await readRejected('ann')).toHaveLength(1)
    expect(screen.getByRole('alert')).toHaveTextContent('Still here')
  })
})
