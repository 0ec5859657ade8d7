import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FEED, aTestimony, card, feedPage, openTestimonies } from './testimonies.fixture'

// Issue 8: a testimony held after reports stays in its author's feed, marked "Under review".
describe('a held testimony in its author’s feed', () => {
  it('says "Under review" on the held card only', async () => {
    const held = aTestimony({
      title: 'Work came back in spring',
      is_mine: true,
      under_review: true,
    })
    const other = aTestimony({ title: 'A quiet healing at home', is_mine: true })
    openTestimonies('/testimonies', { [FEED]: feedPage([held, other]) })

    const heldCard = within(await card(held.title))
    expect(heldCard.getByText('Under review')).toBeInTheDocument()
    expect(
      heldCard.getByText('Only you can see this until a moderator has looked at it.'),
    ).toBeInTheDocument()
    expect(within(await card(other.title)).queryByText('Under review')).not.toBeInTheDocument()
  })
})
