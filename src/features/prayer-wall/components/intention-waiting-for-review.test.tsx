import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { anIntention } from '@/testing/intention-fixtures'
import { FEED, card, openWall, page } from './open-wall.fixture'

// Issue 38: a prayer the community's publish rule holds stays on its author's wall, marked
// "Waiting for review" (not "Under review": nobody reported it, it was never public).
describe('a prayer waiting for review on its author’s wall', () => {
  it('says "Waiting for review" and who can see it, while a reported one still says "Under review"', async () => {
    const waiting = anIntention({
      title: 'Please pray for my first week at work',
      is_mine: true,
      under_review: true,
      waiting_for_review: true,
    })
    const reported = anIntention({
      title: 'Please pray for my court case',
      is_mine: true,
      under_review: true,
    })
    openWall('/prayerwall', { [FEED]: page([waiting, reported]) })

    const waitingCard = await card(waiting.title)
    expect(within(waitingCard).getByText('Waiting for review')).toBeInTheDocument()
    expect(
      within(waitingCard).getByText('Only you can see this until a moderator approves it.'),
    ).toBeInTheDocument()
    expect(within(waitingCard).queryByText('Under review')).not.toBeInTheDocument()
    const reportedCard = await card(reported.title)
    expect(within(reportedCard).getByText('Under review')).toBeInTheDocument()
    expect(within(reportedCard).queryByText('Waiting for review')).not.toBeInTheDocument()
  })
})
