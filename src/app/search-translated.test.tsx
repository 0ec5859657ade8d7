// The search page through its route; in src/app, which may compose features (a wall fixture here).
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { anIntention } from '@/testing/intention-fixtures'
import { fakeApi } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

function searchServer(count: number) {
  const items = Array.from({ length: count }, (_, index) => ({
    type: 'intention',
    intention: anIntention({
      title: `Peace ${index}`,
      identity_mode: 'anonymous',
      author_display_name: 'Anonymous',
    }),
    excerpt: [{ text: 'peace', match: true }],
  }))
  fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: { user_id: 'me', display_name: 'Quiet Dove', email_verified: true },
    },
    'GET /api/v1/search': { json: { items, next_cursor: null, matched: 'words' } },
  })
}

describe('the search page in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words the page, the scopes and a result in Spanish', async () => {
    await activateLanguage('es')
    searchServer(1)
    renderRoute('/search?q=peace')
    expect(await screen.findByRole('heading', { level: 1, name: 'Buscar' })).toBeVisible()
    expect(
      screen.getByRole('searchbox', { name: 'Buscar intenciones y testimonios' }),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Mi lista de oración' })).toBeVisible()
    const result = await screen.findByRole('listitem')
    expect(result).toHaveTextContent(/^Intención · Anónimo ·/)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 resultado.'))
  })

  it('announces the count with Arabic plural forms', async () => {
    await activateLanguage('ar')
    searchServer(2)
    renderRoute('/search?q=peace')
    expect(await screen.findByText('Peace 1')).toBeVisible()
    // The count is a value of the sentence: right to left, it comes isolated (U+2068 … U+2069).
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^\u2068نتيجتان\u2069\.$/),
    )
  })
})
