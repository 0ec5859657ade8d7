import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi, signedInStaff } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

const SAVE = '/api/v1/admin/community'

afterEach(() => activateLanguage('en'))

// Issue 42: the community settings in the member's language, the server's field refusal (a
// contract text) translated at its field.
describe('the community settings in the member’s language', () => {
  it('words the form and a refusal at its field in French', async () => {
    await activateLanguage('fr')
    window.sessionStorage.clear()
    fakeApi({
      ...signedInStaff('admin'),
      'GET /api/v1/community': { json: COMMUNITY_DEFAULTS },
      [`PUT ${SAVE}`]: {
        status: 400,
        json: {
          type: 'urn:problem:validation_error',
          title: 'validation_error',
          status: 400,
          detail: 'short_name: The short name can be at most 12 characters.',
          errors: [
            { field: 'short_name', message: 'The short name can be at most 12 characters.' },
          ],
        },
      },
    })
    renderRoute('/admin/community')
    const user = userEvent.setup()
    const shortName = await screen.findByRole('textbox', { name: 'Nom court' })
    expect(screen.getByRole('heading', { name: 'Paramètres de la communauté' })).toBeVisible()
    expect(
      screen.getByRole('radio', { name: 'Uniquement avec un lien d’invitation' }),
    ).toBeInTheDocument()
    await user.type(shortName, 'X')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(
      await screen.findByText('Le nom court peut compter au plus 12 caractères.'),
    ).toBeVisible()
  })
})
