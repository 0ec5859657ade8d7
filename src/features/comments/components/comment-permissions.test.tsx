import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  aComment,
  aPage,
  findComment,
  profileLoaded,
  renderComments,
  THREAD,
} from '../testing/render-comments'

type Case = {
  who: string
  mine: boolean
  moderator: boolean
  closed: boolean
  reported?: boolean
  items: string[]
}

// Spec 001 §6: the author (isYou) or a moderator edits; the author deletes, a moderator who is
// not the author removes; anyone reports unless reported. Closed prayers: no edits, and only
// moderators still remove (docs/wall.md "Comments").
const cases: Case[] = [
  {
    who: 'the author',
    mine: true,
    moderator: false,
    closed: false,
    items: ['Edit', 'Delete', 'Report'],
  },
  { who: 'another member', mine: false, moderator: false, closed: false, items: ['Report'] },
  {
    who: 'a moderator',
    mine: false,
    moderator: true,
    closed: false,
    items: ['Edit', 'Remove', 'Report'],
  },
  {
    who: 'a moderator who wrote it',
    mine: true,
    moderator: true,
    closed: false,
    items: ['Edit', 'Delete', 'Report'],
  },
  {
    who: 'the author, prayer closed',
    mine: true,
    moderator: false,
    closed: true,
    items: ['Report'],
  },
  {
    who: 'a moderator, prayer closed',
    mine: false,
    moderator: true,
    closed: true,
    items: ['Remove', 'Report'],
  },
  {
    who: 'a member who reported it',
    mine: false,
    moderator: false,
    closed: false,
    reported: true,
    items: ['Reported'],
  },
]

describe('Comment menu by role (spec 001 §6)', () => {
  it.each(cases)(
    '$who sees $items',
    async ({ mine, moderator, closed, reported = false, items }) => {
      const { queryClient, user } = renderComments({
        closed,
        viewer: { moderator },
        routes: {
          [`GET ${THREAD}`]: {
            json: aPage([
              aComment({ content: 'Under review', isYou: mine, has_reported: reported }),
            ]),
          },
        },
      })
      const item = await findComment('Under review')
      await profileLoaded(queryClient)
      await user.click(
        within(item).getByRole('button', { name: /^More actions for the comment by/ }),
      )
      const menu = await screen.findByRole('menu')
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((entry) => entry.textContent),
      ).toEqual(items)
      if (reported) {
        expect(within(menu).getByRole('menuitem', { name: 'Reported' })).toHaveAttribute(
          'aria-disabled',
          'true',
        )
      }
    },
  )
})
