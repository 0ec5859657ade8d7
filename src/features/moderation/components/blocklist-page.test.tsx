import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { problem } from '@/testing/fake-api'
import { renderAs } from '../testing/moderation-fixtures'

const BLOCKLIST = '/api/v1/moderation/blocklist'

function listed(phrases: string[]) {
  return {
    json: {
      phrases: phrases.map((phrase) => ({
        phrase,
        addedBy: 'Gentle Dove',
        createdAt: '2026-11-21T10:00:00.000Z',
      })),
    },
  }
}

describe('blocked phrases (issue 8)', () => {
  it('adds a phrase after checking it, and shows it from the server', async () => {
    const phrases = ['cheap watches']
    const { user, api } = renderAs('moderator', '/moderation/blocklist', {
      [`GET ${BLOCKLIST}`]: () => listed(phrases),
      [`POST ${BLOCKLIST}`]: (request) => {
        phrases.push((request.body as { phrase: string }).phrase)
        return { status: 204 }
      },
    })
    expect(await screen.findByText('cheap watches')).toBeInTheDocument()
    const list = screen.getByRole('list')
    expect(within(list).getByText(/Added by Gentle Dove on/)).toBeInTheDocument()

    const box = screen.getByRole('textbox', { name: /Word or phrase/ })
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByText('Please enter a word or phrase.')).toBeInTheDocument()
    await user.click(box)
    await user.paste('x'.repeat(101))
    expect(screen.getByText('Please keep phrases under 100 characters.')).toBeInTheDocument()
    expect(api.sent('POST', BLOCKLIST)).toHaveLength(0)

    await user.clear(box)
    await user.type(box, '  Crypto Giveaway ')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await within(list).findByText('crypto giveaway')).toBeInTheDocument()
    expect(api.sent('POST', BLOCKLIST)[0]?.body).toEqual({ phrase: 'crypto giveaway' })
    expect(box).toHaveValue('')
  })

  it('keeps the phrase and says why when the server refuses it', async () => {
    const { user } = renderAs('moderator', '/moderation/blocklist', {
      [`GET ${BLOCKLIST}`]: listed([]),
      [`POST ${BLOCKLIST}`]: problem(409, 'conflict', 'This phrase is already blocked.'),
    })
    expect(await screen.findByText('No phrases added yet.')).toBeInTheDocument()
    const box = screen.getByRole('textbox', { name: /Word or phrase/ })
    await user.type(box, 'spam link')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('This phrase is already blocked.')).toBeInTheDocument()
    expect(box).toHaveValue('spam link')
  })

  it('removes a phrase, showing which one is on its way', async () => {
    let phrases = ['cheap watches', 'crypto giveaway']
    const { user, api } = renderAs('moderator', '/moderation/blocklist', {
      [`GET ${BLOCKLIST}`]: () => listed(phrases),
      [`DELETE ${BLOCKLIST}`]: (request) => {
        phrases = phrases.filter((phrase) => phrase !== (request.body as { phrase: string }).phrase)
        return { status: 204 }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Remove “cheap watches”' }))
    await waitFor(() => expect(screen.queryByText('cheap watches')).not.toBeInTheDocument())
    expect(screen.getByText('crypto giveaway')).toBeInTheDocument()
    expect(api.sent('DELETE', BLOCKLIST)[0]?.body).toEqual({ phrase: 'cheap watches' })
  })

  it('says when the list cannot be read and tries again', async () => {
    let fail = true
    const { user } = renderAs('moderator', '/moderation/blocklist', {
      [`GET ${BLOCKLIST}`]: () =>
        fail ? problem(500, 'internal_error', 'Database unavailable.') : listed(['x']),
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not load blocked phrases.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('x')).toBeInTheDocument()
  })
})
