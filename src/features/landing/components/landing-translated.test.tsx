import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { renderRoute } from '@/testing/render-route'

describe('the landing page in the visitor’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words the hero, the features, the promises and the contact line in Spanish', async () => {
    await activateLanguage('es')
    renderRoute('/')
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Un espacio seguro y reverente para orar juntos',
      }),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'Comenzar' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Salas de oración' })).toHaveAttribute('href', '/rooms')
    expect(screen.getByRole('heading', { level: 3, name: 'Sin anuncios, siempre' })).toBeVisible()
    const contact = screen.getByRole('region', { name: 'Contacto' })
    expect(contact).toHaveTextContent(/^Contacto¿Preguntas, ideas .* Escríbenos a \S+@\S+\.$/)
    expect(within(contact).getByRole('link')).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
  })
})
