import { GROUP_MESSAGES } from '@contract/groups'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { fakeApi, type FakeRoute, problem } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

const group = {
  id: '0190f6f0-0000-7000-8000-0000000000aa',
  name: 'Night Watch',
  description: 'We pray at night.',
  invite_code: 'ABCD2345',
  role: 'admin',
}

function setup(path: string, routes: Record<string, FakeRoute> = {}) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/groups/mine': { json: [group] },
    [`GET /api/v1/groups/${group.id}/members`]: {
      json: [
        { display_name: 'Gentle Dove', role: 'admin', is_you: true },
        { display_name: 'Quiet Cedar', role: 'member', is_you: false },
      ],
    },
    ...routes,
  })
  const user = userEvent.setup()
  return { ...renderRoute(path), api, user }
}

describe('groups screens', () => {
  it('lists my groups and creates one after checking its name', async () => {
    const { user, api, router } = setup('/groups', {
      'POST /api/v1/groups': {
        status: 201,
        json: { ...group, id: '0190f6f0-0000-7000-8000-0000000000bb', name: 'Dawn' },
      },
    })
    expect(await screen.findByRole('link', { name: 'Night Watch' })).toHaveAttribute(
      'href',
      `/groups/${group.id}`,
    )
    const name = screen.getByRole('textbox', { name: /group name/i })
    await user.type(name, 'Da')
    await user.tab()
    expect(screen.getByText(GROUP_MESSAGES.nameLength)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create group' })).toBeDisabled()
    await user.type(name, 'wn')
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/groups/0190f6f0-0000-7000-8000-0000000000bb'),
    )
    expect(api.sent('POST', '/api/v1/groups')[0]?.body).toEqual({ name: 'Dawn', description: null })
  })

  it('shows members and copies the invite link', async () => {
    const { user } = setup(`/groups/${group.id}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Night Watch' }),
    ).toBeInTheDocument()
    expect(await screen.findByText('Gentle Dove (You)')).toBeInTheDocument()
    const link = `${window.location.origin}/groups/join?code=ABCD2345`
    expect(screen.getByRole('textbox', { name: 'Invite link' })).toHaveValue(link)
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('Invite link copied.')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(link)
  })

  it('leaves a group after confirming', async () => {
    const { user, api, router } = setup(`/groups/${group.id}`, {
      [`DELETE /api/v1/groups/${group.id}/members/me`]: { status: 204 },
    })
    await user.click(await screen.findByRole('button', { name: 'Leave group' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave Night Watch?' })
    await user.click(within(dialog).getByRole('button', { name: 'Leave group' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'))
    expect(api.sent('DELETE', `/api/v1/groups/${group.id}/members/me`)).toHaveLength(1)
  })

  it('joins from an invite link, and says when the code is wrong', async () => {
    let reply: ReturnType<typeof problem> | { json: unknown } = problem(
      404,
      'not_found',
      GROUP_MESSAGES.codeInvalid,
    )
    const { user, api, router } = setup('/groups/join?code=abcd-2345', {
      'POST /api/v1/groups/join': () => reply,
    })
    await user.click(await screen.findByRole('button', { name: 'Join group' }))
    expect(await screen.findByText(GROUP_MESSAGES.codeInvalid)).toBeInTheDocument()
    expect(api.sent('POST', '/api/v1/groups/join')[0]?.body).toEqual({ code: 'ABCD2345' })
    reply = { json: group }
    await user.click(screen.getByRole('button', { name: 'Join group' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${group.id}`))
  })
})

describe('groups screens in Spanish', () => {
  beforeEach(() => activateLanguage('es'))
  afterEach(() => activateLanguage('en'))

  it('shows a group, its members and the leave dialog in Spanish', async () => {
    const { user } = setup(`/groups/${group.id}`)
    expect(await screen.findByRole('heading', { name: 'Miembros' })).toBeInTheDocument()
    expect(await screen.findByText('Gentle Dove (Tú)')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Enlace de invitación' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Salir del grupo' }))
    expect(
      await screen.findByRole('dialog', { name: '¿Salir de Night Watch?' }),
    ).toBeInTheDocument()
  })
})
