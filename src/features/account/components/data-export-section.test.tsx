import { DATA_EXPORT_MESSAGES } from '@contract/member-data'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, problem } from '@/testing/fake-api'
import { renderInRouter } from '@/testing/render-in-router'
import { DataExportSection } from './data-export-section'

// Issue 40 "Download my data" on the account screen: ask, wait while it is made, download it.

const EXPORT = '/api/v1/users/me/export'
const building = {
  export: {
    export_id: 'e-1',
    state: 'building',
    requested_at: '2026-11-29T09:00:00Z',
    ready_at: null,
    expires_at: null,
    size_bytes: null,
    download_url: null,
  },
  next_request_at: '2026-11-30T09:00:00Z',
}
const ready = {
  ...building,
  export: {
    ...building.export,
    state: 'ready',
    ready_at: '2026-11-29T09:01:00Z',
    expires_at: '2026-12-06T09:01:00Z',
    size_bytes: 48_000,
    download_url: '/api/v1/users/me/export/e-1/download',
  },
}

describe('download my data', () => {
  it('asks for the archive and says it is being made', async () => {
    const api = fakeApi({
      [`GET ${EXPORT}`]: { json: { export: null, next_request_at: null } },
      [`POST ${EXPORT}`]: { status: 202, json: building },
    })
    renderInRouter(DataExportSection)
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for my data' }))
    expect(await screen.findByText(/Making your archive/)).toBeVisible()
    expect(api.sent('POST', EXPORT)).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Ask for my data' })).toBeNull()
  })

  it('offers the download once ready, and no second request within the day', async () => {
    fakeApi({ [`GET ${EXPORT}`]: { json: ready } })
    renderInRouter(DataExportSection)
    const link = await screen.findByRole('link', { name: 'Download my data (47 KB)' })
    expect(link).toHaveAttribute('href', '/api/v1/users/me/export/e-1/download')
    expect(screen.getByRole('button', { name: 'Ask for my data' })).toBeDisabled()
    expect(screen.getByText(/You can ask again after/)).toBeVisible()
  })

  it('shows the server’s refusal', async () => {
    fakeApi({
      [`GET ${EXPORT}`]: { json: { export: null, next_request_at: null } },
      [`POST ${EXPORT}`]: problem(429, 'rate_limited', DATA_EXPORT_MESSAGES.tooSoon),
    })
    renderInRouter(DataExportSection)
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for my data' }))
    expect(await screen.findByText(DATA_EXPORT_MESSAGES.tooSoon)).toBeVisible()
  })
})
