import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { type CommunityIcons, LOGO_MAX_BYTES, LOGO_MESSAGES } from '@contract/community-logo'
import { fakeApi, type FakeRoute, problem, signedInStaff } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

const ICONS = '/api/v1/community/icons'
const UPLOAD = '/api/v1/admin/community/logo'
const iconSet = (hash: string): CommunityIcons => ({
  logo: true,
  icons: [
    {
      src: `/community/icons/${hash}/any-192.png`,
      sizes: '192x192',
      type: 'image/png',
      purpose: 'any',
    },
    {
      src: `/community/icons/${hash}/maskable-192.png`,
      sizes: '192x192',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
  appleTouchIcon: `/community/icons/${hash}/apple-touch-180.png`,
  notificationIcon: `/community/icons/${hash}/any-192.png`,
})

function renderAsAdmin(routes: Record<string, FakeRoute>) {
  window.sessionStorage.clear()
  const api = fakeApi({
    ...signedInStaff('admin'),
    'GET /api/v1/community': { json: COMMUNITY_DEFAULTS },
    [`GET ${ICONS}`]: { json: iconSet('old') },
    ...routes,
  })
  return { ...renderRoute('/admin/community'), api, user: userEvent.setup() }
}

const png = (size = 10) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' })

describe('the logo field of /admin/community (issue 38)', () => {
  it('shows the current icon, uploads a chosen file at once and shows the new one', async () => {
    const { user, api } = renderAsAdmin({ [`POST ${UPLOAD}`]: { json: iconSet('new') } })
    expect(await screen.findByRole('img', { name: 'The app icon now' })).toHaveAttribute(
      'src',
      '/community/icons/old/any-192.png',
    )
    await user.upload(screen.getByLabelText('Choose a logo'), png())
    expect(await screen.findByText(/The new logo is in place/)).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'The app icon now' })).toHaveAttribute(
      'src',
      '/community/icons/new/any-192.png',
    )
    expect(api.sent('POST', UPLOAD)).toHaveLength(1)
  })

  it('refuses a file over 2 MB before sending it', async () => {
    const { user, api } = renderAsAdmin({})
    await screen.findByRole('img', { name: 'The app icon now' })
    await user.upload(screen.getByLabelText('Choose a logo'), png(LOGO_MAX_BYTES + 1))
    expect(await screen.findByText(LOGO_MESSAGES.tooLarge)).toBeInTheDocument()
    expect(api.sent('POST', UPLOAD)).toHaveLength(0)
  })

  it('shows the server’s reason when it refuses the file, and keeps the old icon', async () => {
    const { user } = renderAsAdmin({
      [`POST ${UPLOAD}`]: problem(400, 'logo.not_an_image', LOGO_MESSAGES.notAnImage),
    })
    await screen.findByRole('img', { name: 'The app icon now' })
    await user.upload(screen.getByLabelText('Choose a logo'), png())
    expect(await screen.findByText(LOGO_MESSAGES.notAnImage)).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'The app icon now' })).toHaveAttribute(
      'src',
      '/community/icons/old/any-192.png',
    )
  })
})
