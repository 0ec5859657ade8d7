import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { anIntention } from '@/testing/intention-fixtures'
import { FEED, card, openWall, page } from './open-wall.fixture'

// Issue 38: where the community hides prayer counts the server leaves prayed_count out for all
// but the author; the card then shows no prayer count (nor a way to the list of who prayed).
describe('a card whose prayer count is hidden', () => {
  it('shows the other counts and no prayer count, while the author’s own card shows theirs', async () => {
    const hidden = anIntention({
      title: 'Strength for our family this winter',
      prayed_count: undefined,
      amen_count: 2,
    })
    const mine = anIntention({
      title: 'Peace for my exams next week',
      prayed_count: 3,
      is_mine: true,
    })
    openWall('/prayerwall', { [FEED]: page([hidden, mine]) })

    const hiddenCard = await card(hidden.title)
    expect(within(hiddenCard).getByRole('button', { name: '2 amens' })).toBeVisible()
    expect(within(hiddenCard).queryByRole('button', { name: /prayed$/ })).toBeNull()
    const myCard = await card(mine.title)
    expect(within(myCard).getByRole('button', { name: '3 prayed' })).toBeVisible()
  })
})
