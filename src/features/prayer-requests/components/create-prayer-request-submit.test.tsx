import 'fake-indexeddb/auto'
import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { screen, waitFor } from '@testing-library/react'
import { clear, get, set } from 'idb-keyval'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeReply, problem } from '@/testing/fake-api'
import { emptyComposer } from '../composer-form'
import { draftKey } from '@/lib/drafts'
import { clearOutbox, readQueue } from '@/lib/outbox/outbox-store'
import { created, DETAILS, fillValidComposer, setupComposer, TITLE } from './composer.fixture'

beforeEach(async () => {
  await clear()
})

describe('Create Prayer Request: submit (spec 001 §2, §8)', () => {
  it('posts once with an Idempotency-Key, clears the draft and opens the wall on the new prayer', async () => {
    const { user, api, router } = setupComposer()
    const arrivals: unknown[] = []
    router.subscribe('onResolved', (event) => arrivals.push(event.toLocation.search))
    await fillValidComposer(user)
    await waitFor(async () =>
      expect(await get(draftKey('prayer-composer', 'u1'))).toMatchObject({ title: TITLE }),
    )
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
    expect(arrivals).toContainEqual({ highlight: '0190f6f0-0000-7000-8000-000000000001' })
    expect(api.sent('POST', '/api/v1/intentions')).toHaveLength(1)
    expect(api.sent('POST', '/api/v1/intentions')[0]?.body).toEqual({
      title: TITLE,
      details: DETAILS,
      tags: [],
      scripture: null,
      destination: 'public_wall',
      group_id: null,
      identity_mode: 'display_name',
    })
    const init = vi
      .mocked(fetch)
      .mock.calls.find(
        ([url, options]) => String(url) === '/api/v1/intentions' && options?.method === 'POST',
      )?.[1]
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await get(draftKey('prayer-composer', 'u1'))).toBeUndefined()
  })

  it('shows the failure alert with the server text, the content-policy message, or the exception line', async () => {
    let answer: FakeReply = problem(500, 'internal', 'The database is resting.')
    const { user } = setupComposer({ 'POST /api/v1/intentions': () => answer })
    await fillValidComposer(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(
      await screen.findByText(
        'Could not submit your prayer request. Please try again. The database is resting.',
      ),
    ).toBeInTheDocument()
    answer = problem(422, 'content_policy', CONTENT_POLICY_MESSAGE)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText(CONTENT_POLICY_MESSAGE)).toBeInTheDocument()
    answer = { status: 201, json: { surprise: true } }
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(
      await screen.findByText('An error occurred while submitting your request.'),
    ).toBeInTheDocument()
  })

  it('with no answer, queues the request in the outbox under its key and opens the wall (DESIGN §6)', async () => {
    const { user, router } = setupComposer({
      'POST /api/v1/intentions': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await fillValidComposer(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
    const [entry] = await readQueue('u1')
    expect(entry?.write).toMatchObject({ kind: 'intention', body: { title: TITLE } })
    const init = vi
      .mocked(fetch)
      .mock.calls.find(
        ([url, options]) => String(url) === '/api/v1/intentions' && options?.method === 'POST',
      )?.[1]
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBe(entry?.key)
    // The text now lives in the outbox, not in a draft that would reopen as unsent.
    expect(await get(draftKey('prayer-composer', 'u1'))).toBeUndefined()
    await clearOutbox('u1')
  })

  it('shows the support resources a crisis answer carries before going to the wall', async () => {
    const { user, router } = setupComposer({
      'POST /api/v1/intentions': ({ body }) => ({
        status: 201,
        json: {
          ...created(body as Record<string, unknown>),
          support: {
            message: 'You matter. Help is close.',
            resources: [{ name: 'Lifeline', url: 'https://lifeline.example', phone: '988' }],
          },
        },
      }),
    })
    await fillValidComposer(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    const dialog = await screen.findByRole('dialog', { name: 'You are not alone' })
    expect(dialog).toHaveTextContent('You matter. Help is close.')
    expect(screen.getByRole('link', { name: 'Lifeline' })).toHaveAttribute(
      'href',
      'https://lifeline.example',
    )
    expect(screen.getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988')
    expect(router.state.location.pathname).toBe('/prayerwall/create')
    await user.click(screen.getByRole('button', { name: 'Continue to the Prayer Wall' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
  })
})

describe('Create Prayer Request: draft and leaving (spec 001 §2, §3)', () => {
  it("restores the member's own draft, never another member's", async () => {
    await set(draftKey('prayer-composer', 'u2'), {
      ...emptyComposer,
      title: 'Someone else on this device',
    })
    await set(draftKey('prayer-composer', 'u1'), {
      ...emptyComposer,
      title: TITLE,
      tags: ['family'],
    })
    setupComposer()
    await waitFor(() => expect(screen.getByRole('textbox', { name: /title/i })).toHaveValue(TITLE))
    expect(screen.getByRole('button', { name: 'family' })).toBeInTheDocument()
    expect(screen.queryByDisplayValue('Someone else on this device')).not.toBeInTheDocument()
  })

  it('asks before Cancel leaves a request with content: Stay keeps the page, Leave goes to the wall', async () => {
    const { user, router } = setupComposer()
    await user.type(await screen.findByRole('textbox', { name: /title/i }), 'Half a thought')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/prayerwall/create')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(await screen.findByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
  })
})
