import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { anIntention } from '@/testing/intention-fixtures'
import { FEED, card, openWall, page } from './open-wall.fixture'

describe('the Prayer Wall in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words the page, its tabs and a card in Spanish', async () => {
    await activateLanguage('es')
    const mine = anIntention({ title: 'Paz para mi familia', is_mine: true, amen_count: 1 })
    openWall('/prayerwall', { [FEED]: page([mine]) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Muro de oración' })).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Respondidas' })).toBeVisible()
    const myCard = within(await card(mine.title))
    expect(myCard.getByText(/\(Tú\)/)).toBeVisible()
    expect(myCard.getByRole('button', { name: 'Decir amén' })).toBeVisible()
    expect(myCard.getByRole('button', { name: '1 amén' })).toBeVisible()
    expect(myCard.getByRole('button', { name: 'Orar ahora por Paz para mi familia' })).toBeVisible()
  })

  // Arabic digits or Latin ones: which the locale's numbers use depends on the ICU data.
  it('counts candles with Arabic plural forms', async () => {
    await activateLanguage('ar')
    const two = anIntention({ title: 'Two candles', candle_count: 2 })
    const five = anIntention({ title: 'Five candles', candle_count: 5 })
    const eleven = anIntention({ title: 'Eleven candles', candle_count: 11 })
    openWall('/prayerwall', { [FEED]: page([two, five, eleven]) })
    expect(within(await card(two.title)).getByRole('button', { name: 'شمعتان' })).toBeVisible()
    expect(
      within(await card(five.title)).getByRole('button', { name: /^[5٥] شموع$/ }),
    ).toBeVisible()
    expect(
      within(await card(eleven.title)).getByRole('button', { name: /^(11|١١) شمعة$/ }),
    ).toBeVisible()
  })
})
