import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { queueItem, renderAs } from '../testing/moderation-fixtures'

const QUEUE = '/api/v1/moderation/queue'

const reported = queueItem({
  target: { author: { userId: '0190f6f0-0000-7000-8000-0000000000b2', displayName: 'Loud Gull' } },
  reports: [
    { category: 'spam', note: null, createdAt: '2026-11-21T10:00:00.000Z', reporter: null },
    { category: 'spam', note: null, createdAt: '2026-11-21T09:00:00.000Z', reporter: null },
    { category: 'other', note: null, createdAt: '2026-11-21T08:00:00.000Z', reporter: null },
  ],
  categories: [
    { category: 'spam', count: 2 },
    { category: 'other', count: 1 },
  ],
  authorHistory: { itemsLast30Days: 1, removalsTotal: 0 },
})

// Issue 42: the review queue in the moderator's language, plurals by the language's rules.
describe('the review queue in other languages', () => {
  afterEach(() => activateLanguage('en'))

  it('speaks Spanish: the tabs, the card, its reports and its actions', async () => {
    await activateLanguage('es')
    renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: { json: { items: [reported], nextCursor: null } },
    })
    const card = await screen.findByRole('article', { name: 'Comentario de Loud Gull' })
    expect(screen.getByRole('link', { name: 'Cola de revisión' })).toBeInTheDocument()
    expect(
      within(card).getByRole('heading', { level: 3, name: /^3 denuncias, la última el/ }),
    ).toBeInTheDocument()
    expect(within(card).getByText('Spam o irrelevante × 2')).toBeInTheDocument()
    expect(
      within(card).getByText(
        'Historial del autor: 1 publicación en los últimos 30 días, 0 retiradas por moderadores.',
      ),
    ).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Descartar' })).toBeInTheDocument()
  })

  it('counts reports with the Arabic plural forms', async () => {
    await activateLanguage('ar')
    const two = { ...reported, reportCount: 2 }
    renderAs('moderator', '/moderation', {
      [`GET ${QUEUE}`]: { json: { items: [two], nextCursor: null } },
    })
    const card = await screen.findByRole('article')
    expect(
      within(card).getByRole('heading', { level: 3, name: /^بلاغان، آخرها في/ }),
    ).toBeInTheDocument()
    expect(within(card).getByText(/منشور واحد في آخر 30 يومًا/)).toBeInTheDocument()
  })
})
