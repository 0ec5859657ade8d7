import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeAuthServer } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

afterEach(async () => {
  window.sessionStorage.clear()
  await activateLanguage('en')
})

// Issue 42: the waiting page in the member's language. The session the server answers with
// carries isPending (the fake's own type names only what every test needs).
const waitingMember = { isAuthenticated: true, hasProfile: true, isPending: true }

describe('the waiting page in the member’s language', () => {
  it('says what happens next in Spanish', async () => {
    await activateLanguage('es')
    fakeAuthServer(waitingMember)
    const { router } = renderRoute('/waiting')
    await waitFor(() => expect(router.state.location.pathname).toBe('/waiting'))
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Qué pasa ahora' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/^Gracias por unirte a /)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Comprobar de nuevo' })).toBeVisible()
  })
})
