import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aComment, aPage, renderComments, THREAD } from '../testing/render-comments'

// Issue 8: a comment held after reports stays in its author's thread, marked "Under review".
describe('a held comment in its author’s thread', () => {
  it('says "Under review" on the held comment only', async () => {
    renderComments({
      routes: {
        [`GET ${THREAD}`]: {
          json: aPage([
            aComment({ content: 'My held words', isYou: true, under_review: true }),
            aComment({ content: 'Another thought' }),
          ]),
        },
      },
    })
    const held = (await screen.findByText('My held words')).closest('li') as HTMLElement
    expect(within(held).getByText('Under review')).toBeInTheDocument()
    const other = screen.getByText('Another thought').closest('li') as HTMLElement
    expect(within(other).queryByText('Under review')).not.toBeInTheDocument()
  })
})
