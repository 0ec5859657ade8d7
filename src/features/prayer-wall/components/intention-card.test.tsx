import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { deferredReply, problem } from '@/testing/fake-api'
import { anIntention } from '@/testing/intention-fixtures'
import { FEED, card, openWall, page } from './open-wall.fixture'

// Spec 001 §2, §4: the card's chips, closed state, responses, menu, report and share.
describe('an intention card on the wall', () => {
  it('shows status chips with their tooltips, the testimony link, and closes closed prayers', async () => {
    const answered = anIntention({
      title: 'Answered prayer for a safe delivery of our baby',
      status: 'answered',
      has_testimony: true,
      testimony_id: '0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa',
    })
    const released = anIntention({
      title: 'Released prayer for a move across the country',
      status: 'released_in_peace',
    })
    const active = anIntention({ title: 'Active prayer for healing after the accident' })
    const { user } = openWall('/prayerwall', { [FEED]: page([answered, released, active]) })

    const answeredCard = await card(answered.title)
    // The hint attaches once its code is here (HintTooltip): the chip then carries its title.
    const chip = await within(answeredCard).findByTitle('Closed with testimony (if shared)')
    expect(chip).toHaveTextContent('Prayer Answered')
    await user.hover(chip)
    expect(
      await screen.findByRole('tooltip', { name: 'Closed with testimony (if shared)' }),
    ).toBeVisible()
    expect(within(answeredCard).getByRole('link', { name: 'View Testimony' })).toHaveAttribute(
      'href',
      '/testimonies?highlight=0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa',
    )
    const releasedCard = await card(released.title)
    const releasedChip = await within(releasedCard).findByTitle('Closed with reason')
    expect(releasedChip).toHaveTextContent('Released in Peace')
    await user.hover(releasedChip)
    expect(await screen.findByRole('tooltip', { name: 'Closed with reason' })).toBeVisible()
    expect(within(releasedCard).queryByRole('link', { name: 'View Testimony' })).toBeNull()

    for (const closed of [answeredCard, releasedCard]) {
      expect(within(closed).getByRole('button', { name: /^Pray now/ })).toBeDisabled()
      expect(within(closed).getByRole('button', { name: 'Say Amen' })).toBeDisabled()
      expect(within(closed).getByRole('button', { name: 'Light a candle' })).toBeDisabled()
      expect(within(closed).getByText('Comments are disabled for closed prayers.')).toBeVisible()
    }
    const activeCard = await card(active.title)
    expect(within(activeCard).queryByText(/Prayer Answered|Released in Peace/)).toBeNull()
    expect(within(activeCard).getByRole('button', { name: 'Say Amen' })).toBeEnabled()
    expect(within(activeCard).queryByText('Comments are disabled for closed prayers.')).toBeNull()
  })

  it('says Amen at once, sends the desired state with an idempotency key, and rolls back on a 500', async () => {
    const intention = anIntention({
      title: 'Pray for rain on our parched fields this month',
      amen_count: 2,
    })
    const reply = deferredReply()
    const { api, user } = openWall('/prayerwall', {
      [FEED]: page([intention]),
      [`POST /api/v1/intentions/${intention.intention_id}/reactions`]: reply.route,
    })
    const found = await card(intention.title)
    await user.click(within(found).getByRole('button', { name: 'Say Amen' }))
    expect(within(found).getByRole('button', { name: 'Said Amen' })).toBeVisible()
    expect(within(found).getByRole('button', { name: '3 amens' })).toBeVisible()
    const sent = api.sent('POST', `/api/v1/intentions/${intention.intention_id}/reactions`)
    expect(sent[0]?.body).toEqual({ kind: 'amen', active: true })
    const init = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => String(url).endsWith('/reactions'))?.[1]
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)

    reply.release(problem(500, 'internal'))
    expect(await within(found).findByRole('button', { name: 'Say Amen' })).toBeVisible()
    expect(within(found).getByRole('button', { name: '2 amens' })).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('rolls back a suspended member’s Amen and tells them why, in the server’s words', async () => {
    const intention = anIntention({ title: 'Pray for the night shift at the county hospital' })
    const why =
      'Your account is suspended until 29 November 2026 at 12:00 UTC, so you can read but cannot post or respond until then.'
    const { user } = openWall('/prayerwall', {
      [FEED]: page([intention]),
      [`POST /api/v1/intentions/${intention.intention_id}/reactions`]: problem(
        403,
        'suspended',
        why,
      ),
    })
    const found = await card(intention.title)
    await user.click(within(found).getByRole('button', { name: 'Say Amen' }))
    expect(await within(found).findByRole('button', { name: 'Say Amen' })).toBeVisible()
    expect(await screen.findByRole('alert')).toHaveTextContent(why)
    // Still a member of the wall: no redirect to onboarding.
    expect(screen.getByRole('heading', { level: 1, name: 'Prayer Wall' })).toBeVisible()
  })

  it('lights a candle and takes the counts the server answers', async () => {
    const intention = anIntention({
      title: 'Light for a friend walking through grief',
      candle_count: 4,
    })
    const { user } = openWall('/prayerwall', {
      [FEED]: page([intention]),
      [`POST /api/v1/intentions/${intention.intention_id}/reactions`]: {
        json: {
          amen_count: 0,
          candle_count: 9,
          said_amen: false,
          lighted_candle: true,
          prayed_count: 0,
          has_prayed: false,
        },
      },
    })
    const found = await card(intention.title)
    await user.click(within(found).getByRole('button', { name: 'Light a candle' }))
    expect(await within(found).findByRole('button', { name: '9 candles' })).toBeVisible()
    expect(within(found).getByRole('button', { name: 'Candle lit' })).toBeVisible()
  })

  it('offers the steward actions by role, and a report makes the item "Reported" with a thank-you', async () => {
    const mine = anIntention({
      title: 'My own prayer for patience with my children',
      is_mine: true,
    })
    const theirs = anIntention({ title: 'Their prayer for a brother far from home' })
    const { api, user } = openWall(
      '/prayerwall',
      {
        [FEED]: page([mine, theirs]),
        [`POST /api/v1/intentions/${theirs.intention_id}/report`]: { status: 204 },
      },
      { moderator: true },
    )
    await user.click(
      within(await card(mine.title)).getByRole('button', {
        name: `More actions for ${mine.title}`,
      }),
    )
    const ownMenu = await screen.findByRole('menu')
    expect(
      within(ownMenu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mark as Prayer Answered',
      'Release in Peace',
      'Edit',
      'Delete',
      'Share',
      'Report',
      'Post an update',
      'Add to my prayer list',
      'Mute this request',
    ])
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())

    const opener = within(await card(theirs.title)).getByRole('button', {
      name: `More actions for ${theirs.title}`,
    })
    await user.click(opener)
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Remove' })).toBeVisible()
    await user.click(within(menu).getByRole('menuitem', { name: 'Report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this content' })
    await user.click(within(dialog).getByLabelText(/^Spam or irrelevant/))
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Thank you. This has been flagged for review.')).toBeVisible()
    expect(api.sent('POST', `/api/v1/intentions/${theirs.intention_id}/report`)[0]?.body).toEqual({
      category: 'spam',
      note: null,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(opener)
    expect(await screen.findByRole('menuitem', { name: 'Reported' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  it('mutes a request from its menu (issue 13), and the menu then offers to unmute it', async () => {
    const intention = anIntention({ title: 'Pray for my sister’s new job in the city' })
    const { api, user } = openWall('/prayerwall', {
      [FEED]: page([intention]),
      'GET /api/v1/users/me/muted-intentions': { json: { intention_ids: [] } },
      [`PUT /api/v1/intentions/${intention.intention_id}/mute`]: { status: 204 },
      [`DELETE /api/v1/intentions/${intention.intention_id}/mute`]: { status: 204 },
    })
    const opener = within(await card(intention.title)).getByRole('button', {
      name: `More actions for ${intention.title}`,
    })
    await user.click(opener)
    await user.click(await screen.findByRole('menuitem', { name: 'Mute this request' }))
    await waitFor(() =>
      expect(api.sent('PUT', `/api/v1/intentions/${intention.intention_id}/mute`)).toHaveLength(1),
    )
    await user.click(opener)
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute this request' }))
    await waitFor(() =>
      expect(api.sent('DELETE', `/api/v1/intentions/${intention.intention_id}/mute`)).toHaveLength(
        1,
      ),
    )
  })

  it(
    'records a finished timed prayer at once and rolls it back silently when the server fails',
    { timeout: 30_000 },
    async () => {
      const intention = anIntention({ title: 'Comfort for a family saying goodbye this week' })
      const reply = deferredReply()
      const { api, user } = openWall('/prayerwall', {
        [FEED]: page([intention]),
        [`POST /api/v1/intentions/${intention.intention_id}/pray`]: reply.route,
      })
      const found = await card(intention.title)
      await user.click(
        within(found).getByRole('button', { name: `Pray now for ${intention.title}` }),
      )
      expect(await screen.findByRole('dialog', { name: 'Take a moment to pray' })).toBeVisible()
      // Nothing is sent until the countdown ends (spec 001 §4: completion at the end).
      expect(api.sent('POST', `/api/v1/intentions/${intention.intention_id}/pray`)).toHaveLength(0)
      // Real timers here (their steps are timed in timed-prayer-button.test.tsx); a cheap check
      // keeps Testing Library's polling from starving the countdown.
      const prayCalls = () => api.sent('POST', `/api/v1/intentions/${intention.intention_id}/pray`)
      await waitFor(() => expect(prayCalls()).toHaveLength(1), { timeout: 15_000 })
      // "Recorded. Closing…" for a second; the modal hides the page from assistive technology.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(within(found).getByRole('button', { name: '1 prayed' })).toBeVisible()
      expect(within(found).getByText('Prayed today')).toBeVisible()

      reply.release(problem(500, 'internal'))
      expect(await within(found).findByRole('button', { name: '0 prayed' })).toBeVisible()
      // Pray now again, the hint as its description only: the member has used it (issue 47).
      expect(
        within(found).getByRole('button', { name: `Pray now for ${intention.title}` }),
      ).toHaveAccessibleDescription(/^Pray now starts a timed prayer/)
      expect(within(found).queryByText(/^Pray now starts a timed prayer/)).not.toBeVisible()
    },
  )

  it('without a share sheet, Share copies the highlight link and says so', async () => {
    const intention = anIntention({ title: 'Wisdom for the doctors treating my father' })
    const { user } = openWall('/prayerwall', { [FEED]: page([intention]) })
    await user.click(
      within(await card(intention.title)).getByRole('button', {
        name: `More actions for ${intention.title}`,
      }),
    )
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }))
    expect(await screen.findByText('Link copied to clipboard.')).toBeVisible()
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/prayerwall?highlight=${intention.intention_id}`,
    )
  })

  it.each([
    // The hub's live count may land before the post's answer: the card takes the server's.
    ['reads the count back from the server', true, 'Comments (5)'],
    ['falls back to counting the post itself when that read fails', false, 'Comments (4)'],
  ])('after a posted comment, %s', async (_name, readable, expected) => {
    const intention = anIntention({ comments_count: 3 })
    const path = `/api/v1/intentions/${intention.intention_id}`
    const posted = {
      comment_id: '0190a000-0000-7000-8000-000000000001',
      content: 'Holding you in prayer tonight',
      author_display_name: 'Quiet Dove',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      likes: 0,
      amens: 0,
      liked: false,
      amened: false,
      has_reported: false,
      isYou: true,
      is_op: false,
    }
    const { user } = openWall('/prayerwall', {
      [FEED]: page([intention]),
      [`GET ${path}/comments`]: { json: { items: [], next_cursor: null } },
      [`POST ${path}/comments`]: { status: 201, json: posted },
      [`GET ${path}`]: readable
        ? { json: { ...intention, comments_count: 5 } }
        : problem(503, 'unavailable', 'The server is resting.'),
    })
    const found = await card(intention.title)
    await user.click(within(found).getByRole('button', { name: 'Comments (3)' }))
    // Pasted, not typed: what is under test is the count after the post, and typing 29 keys
    // re-renders the wall 29 times (past the timeout on a loaded 2-core machine).
    await user.click(await within(found).findByRole('textbox', { name: 'Write a comment' }))
    await user.paste(posted.content)
    await user.click(within(found).getByRole('button', { name: 'Post' }))
    expect(await within(found).findByText(posted.content)).toBeVisible()
    expect(await within(found).findByRole('button', { name: expected })).toBeVisible()
  })

  // Issue 20: the author's prayer updates, a dated timeline on the card.
  it('shows the updates under their dates, and lets the author post one of 70 to 1,200 characters', async () => {
    const path = '/api/v1/intentions/0190a1b2-c3d4-7e5f-8a9b-0000000000e1'
    const earlier = {
      update_id: '0190a1b2-c3d4-7e5f-8a9b-0000000000f1',
      text: 'Surgery is moved to Friday morning; thank you for every prayer so far, friends.',
      created_at: '2026-11-20T09:00:00.000Z',
    }
    const mine = anIntention({
      intention_id: '0190a1b2-c3d4-7e5f-8a9b-0000000000e1',
      title: 'Pray for my mother’s surgery this week',
      is_mine: true,
      updates: [earlier],
    })
    const text =
      'She is home again and resting; the doctors are pleased with how the operation went.'
    const posted = { ...earlier, update_id: '0190a1b2-c3d4-7e5f-8a9b-0000000000f2', text }
    const { api, user } = openWall('/prayerwall', {
      [FEED]: page([mine]),
      [`POST ${path}/updates`]: { status: 201, json: posted },
      'GET /api/v1/prayer-list': { json: { items: [] } },
    })
    const found = await card(mine.title)
    const timeline = within(found).getByRole('region', { name: 'Update' })
    expect(within(timeline).getByText(earlier.text)).toBeVisible()
    expect(within(timeline).getByText('Nov 20, 2026')).toHaveAttribute(
      'datetime',
      earlier.created_at,
    )

    await user.click(within(found).getByRole('button', { name: `More actions for ${mine.title}` }))
    await user.click(await screen.findByRole('menuitem', { name: 'Post an update' }))
    const dialog = await screen.findByRole('dialog', { name: 'Post an update' })
    const field = within(dialog).getByRole('textbox', { name: 'Update' })
    await user.click(field)
    await user.paste('Home again!')
    await user.click(within(dialog).getByRole('button', { name: 'Post update' }))
    expect(within(dialog).getByText('An update must be at least 70 characters.')).toBeVisible()
    expect(api.sent('POST', `${path}/updates`)).toHaveLength(0)

    await user.clear(field)
    await user.paste(text)
    await user.click(within(dialog).getByRole('button', { name: 'Post update' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.sent('POST', `${path}/updates`)[0]?.body).toEqual({ text })
    const updated = within(await card(mine.title)).getByRole('region', { name: 'Updates (2)' })
    expect(within(updated).getByText(text)).toBeVisible()
  })
})
