import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi, signedInStaff } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

const INVITES = '/api/v1/admin/invites'

afterEach(() => activateLanguage('en'))

// Issue 42: the invite links screen in the member's language, the contract's check included.
describe('the invite links screen in the member’s language', () => {
  it('words a link’s card and the contract’s refusal in Spanish', async () => {
    await activateLanguage('es')
    window.sessionStorage.clear()
    fakeApi({
      ...signedInStaff('moderator'),
      'GET /api/v1/community': { json: COMMUNITY_DEFAULTS },
      [`GET ${INVITES}`]: {
        json: {
          items: [
            {
              invite_id: '0190f6f0-0000-7000-8000-0000000000a1',
              code_hint: 'Ab3x',
              created_at: '2026-05-01T09:00:00.000Z',
              created_by: 'Moderator Mo',
              expires_at: null,
              max_uses: 10,
              uses: 3,
              revoked_at: null,
              state: 'active',
            },
          ],
        },
      },
    })
    renderRoute('/admin/invites')
    const card = within(await screen.findByRole('listitem'))
    expect(card.getByText('Enlace que empieza por Ab3x…')).toBeVisible()
    expect(card.getByText('Usos: 3 de 10')).toBeVisible()
    expect(card.getByText('Activo')).toBeVisible()

    const user = userEvent.setup()
    const uses = screen.getByRole('spinbutton', { name: 'Número de usos (opcional)' })
    await user.type(uses, '0')
    await user.click(screen.getByRole('button', { name: 'Crear enlace' }))
    expect(uses).toHaveAccessibleDescription('Elige entre 1 y 10000 usos, o sin límite.')
  })
})
