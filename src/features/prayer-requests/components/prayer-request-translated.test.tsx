import 'fake-indexeddb/auto'
import { screen } from '@testing-library/react'
import { clear } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { setupComposer as setup } from './composer.fixture'

beforeEach(async () => {
  await clear()
})
afterEach(() => activateLanguage('en'))

describe('Create Prayer Request in the member’s language', () => {
  it('words the page, its fields and the bold name in Spanish', async () => {
    await activateLanguage('es')
    setup()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nueva intención de oración' }),
    ).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Título' })).toBeVisible()
    expect(screen.getByRole('radio', { name: 'Muro público' })).toBeChecked()
    const postingAs = await screen.findByRole('heading', { name: 'Publicando como Gentle Dove' })
    expect(postingAs.querySelector('strong')).toHaveTextContent('Gentle Dove')
    expect(screen.getByText('Quedan 120 caracteres')).toBeVisible()
  })

  it('counts the characters left with Arabic plural forms', async () => {
    await activateLanguage('ar')
    const { user } = setup()
    const title = await screen.findByRole('textbox', { name: 'العنوان' })
    await user.click(title)
    await user.paste('a'.repeat(118))
    expect(screen.getByText('يتبقّى حرفان')).toBeVisible()
    await user.type(title, 'a')
    expect(screen.getByText('يتبقّى حرف واحد')).toBeVisible()
  })
})
