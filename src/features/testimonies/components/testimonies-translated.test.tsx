import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { FEED, aTestimony, card, feedPage, openTestimonies } from './testimonies.fixture'

describe('the Testimonies screen in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words the page, the anonymous author and the card in Spanish', async () => {
    await activateLanguage('es')
    const anonymous = aTestimony({ title: 'Healing in our home', author_display_name: 'Anonymous' })
    openTestimonies('/testimonies', { [FEED]: feedPage([anonymous]) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Testimonios' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Crear testimonio' })).toBeVisible()
    const anonymousCard = within(await card(anonymous.title))
    expect(anonymousCard.getByText('Anónimo')).toBeVisible()
    expect(
      screen.getByText('Historias de la fidelidad de Dios y de oraciones respondidas'),
    ).toBeVisible()
  })

  it('counts who said Amen with Arabic plural forms, in the digits Intl gives Arabic', async () => {
    await activateLanguage('ar')
    const two = aTestimony({ title: 'Two said Amen', amen_count: 2 })
    const five = aTestimony({ title: 'Five said Amen', amen_count: 5 })
    const eleven = aTestimony({ title: 'Eleven said Amen', amen_count: 11 })
    openTestimonies('/testimonies', { [FEED]: feedPage([two, five, eleven]) })
    const name = (label: string) => ({ name: new RegExp(`^${label}`) })
    const digits = (count: number) => new Intl.NumberFormat('ar').format(count)
    expect(
      // Every form names the number the button shows (axe: label-content-name-mismatch).
      within(await card(two.title)).getByRole('button', name(`قال شخصان \\(${digits(2)}\\) آمين`)),
    ).toHaveTextContent(digits(2))
    expect(
      within(await card(five.title)).getByRole('button', name(`قال ${digits(5)} أشخاص آمين`)),
    ).toBeVisible()
    expect(
      within(await card(eleven.title)).getByRole('button', name(`قال ${digits(11)} شخصًا آمين`)),
    ).toBeVisible()
  })
})
