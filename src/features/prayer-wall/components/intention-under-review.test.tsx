import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { anIntention } from '@/testing/intention-fixtures'
import { FEED, card, openWall, page } from './open-wall.fixture'

// Issue 8: a prayer held after reports stays on its author's wall, marked "Under review".
describe('a held prayer on its author’s wall', () => {
  it('says "Under review" on the held card only', async () => {
    const held = anIntention({
      title: 'Please pray for my court case',
      is_mine: true,
      under_review: true,
    })
    const other = anIntention({ title: 'Please pray for my exams', is_mine: true })
    openWall('/prayerwall', { [FEED]: page([held, other]) })

    const heldCard = await card(held.title)
    expect(within(heldCard).getByText('Under review')).toBeInTheDocument()
    expect(
      within(heldCard).getByText('Only you can see this until a moderator has looked at it.'),
    ).toBeInTheDocument()
    expect(within(await card(other.title)).queryByText('Under review')).not.toBeInTheDocument()
  })
})
