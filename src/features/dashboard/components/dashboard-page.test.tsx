import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DASHBOARD_FIGURE_KEYS, type Dashboard } from '@contract/dashboard'
import { fakeApi, type FakeRoute, signedInStaff } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

const WEEKS = Array.from({ length: 12 }, (_, index) =>
  new Date(Date.UTC(2026, 8, 7 + index * 7)).toISOString().slice(0, 10),
)

function dashboard(): Dashboard {
  const series = (last: number | null) => [...Array<number | null>(11).fill(0), last]
  return {
    time_zone: 'Europe/London',
    generated_at: '2026-11-25T12:00:00.000Z',
    weeks: WEEKS,
    figures: DASHBOARD_FIGURE_KEYS.map((key) => {
      const value =
        key === 'first_prayer_within_24h'
          ? 0.5
          : key === 'report_handling_median_seconds'
            ? null
            : key === 'prayers_said'
              ? 1234
              : 3
      return { key, value, series: series(value) }
    }),
  }
}

function renderDashboard(answer: FakeRoute) {
  window.sessionStorage.clear()
  fakeApi({
    ...signedInStaff('moderator'),
    'GET /api/v1/admin/dashboard': answer,
  })
  return { ...renderRoute('/admin'), user: userEvent.setup() }
}

describe('the dashboard (issue 38)', () => {
  it('shows each figure as a card with its value, an accessible chart and a data table', async () => {
    const { user } = renderDashboard({ json: dashboard() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const cards = within(await screen.findByRole('list', { name: 'Figures' })).getAllByRole(
      'listitem',
    )
    expect(cards).toHaveLength(12)
    expect(screen.getByText(/each from Monday in Europe\/London/)).toBeVisible()

    const prayers = screen.getByRole('region', { name: 'Prayers said' })
    expect(prayers).toHaveTextContent('1,234this week')
    const chart = within(prayers).getByRole('img', { name: /^Prayers said, week by week/ })
    expect(chart).toHaveAccessibleName(
      'Prayers said, week by week Weeks from 7 September: this week so far 1,234, highest 1,234. The data table lists every week.',
    )
    await user.click(within(prayers).getByText('Data table', { exact: true }))
    const table = within(prayers).getByRole('table', { name: /^Prayers said, by week/ })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(13)
    expect(rows[1]).toHaveTextContent('7 September0')
    expect(rows[12]).toHaveTextContent('23 November1,234')

    expect(
      screen.getByRole('region', { name: 'Requests prayed for within 24 hours' }),
    ).toHaveTextContent('50%of this week’s requests')
    expect(
      screen.getByRole('region', { name: 'Median time to handle a report' }),
    ).toHaveTextContent('No datathis week')
    const csv = screen.getByRole('link', { name: 'Download CSV' })
    expect(csv).toHaveAttribute('href', '/api/v1/admin/dashboard.csv')
    expect(csv).toHaveAttribute('download')
  })

  it('tells a member the page is for moderators and administrators', async () => {
    renderDashboard({
      status: 403,
      json: { status: 403, title: 'forbidden', detail: 'Not allowed.' },
    })
    expect(
      await screen.findByText(
        'Only the community’s moderators and administrators can open this page.',
      ),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to the Prayer Wall' })).toBeVisible()
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull()
  })

  it('says when the figures could not be read, and reads them again on Try again', async () => {
    let calls = 0
    const { user } = renderDashboard(() => {
      calls += 1
      return calls === 1
        ? { status: 500, json: { status: 500, title: 'internal', detail: 'Something went wrong.' } }
        : { json: dashboard() }
    })
    expect(
      await screen.findByText('Could not load the dashboard. Something went wrong.'),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Figures' })).toBeVisible()
  })

  it('shows that it is counting while the figures load', async () => {
    renderDashboard(() => new Promise(() => {}))
    expect(await screen.findByRole('status')).toHaveTextContent('Counting the community’s weeks…')
  })
})
