import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { UpdateSnackbar } from './update-snackbar'

afterEach(() => activateLanguage('en'))

describe('the update prompt in the member’s language', () => {
  it('offers a new version in Spanish', async () => {
    await activateLanguage('es')
    const none = () => {}
    render(<UpdateSnackbar open waitForForm activating={false} onLater={none} onRefresh={none} />)
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Hay una nueva versión disponible. Termina o guarda lo que estás escribiendo y luego actualiza.',
    )
    expect(screen.getByRole('button', { name: 'Más tarde' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeDisabled()
  })
})
