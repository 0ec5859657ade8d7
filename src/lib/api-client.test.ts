import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiError, apiFetch, NetworkError } from './api-client'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
})

function json(body: unknown, status = 200, contentType = 'application/json') {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } })
}

describe('apiFetch', () => {
  it('sends credentials and a JSON body, and returns the validated answer', async () => {
    fetchMock.mockResolvedValue(json({ unreadCount: 3, extra: 'ignored' }))

    const answer = await apiFetch('/api/notifications/read', {
      method: 'PUT',
      body: { notificationIds: ['a'] },
      headers: { 'Idempotency-Key': 'k1' },
      schema: z.object({ unreadCount: z.number() }),
    })

    expect(answer).toEqual({ unreadCount: 3 })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/notifications/read')
    expect(init).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      body: '{"notificationIds":["a"]}',
    })
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k1',
    })
  })

  it("asks for answers in the page's language, as <html lang> says it", async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'pt-BR' } })
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    await apiFetch('/auth/session')
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ 'Accept-Language': 'pt-BR' })
  })

  it('sends no body and no Content-Type on a GET', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    await apiFetch('/auth/session')
    const init = fetchMock.mock.calls[0]![1]
    expect(init?.body).toBeUndefined()
    expect(init?.headers).not.toHaveProperty('Content-Type')
  })

  it('turns problem details into an ApiError with the title as code', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          type: 'about:blank',
          title: 'weak_password',
          status: 400,
          detail: 'Password must contain at least one number.',
          errors: [{ field: 'password', message: 'Password must contain at least one number.' }],
        },
        400,
        'application/problem+json',
      ),
    )

    const error = await apiFetch('/auth/signup', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'weak_password',
      detail: 'Password must contain at least one number.',
      fieldErrors: [{ field: 'password', message: 'Password must contain at least one number.' }],
    })
  })

  it('keeps the message of an error body that is not problem details', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Prayer is closed' }, 423))
    await expect(
      apiFetch('/api/v1/intentions/1/comments', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({
      status: 423,
      code: 'http_423',
      detail: 'Prayer is closed',
    })
  })

  it('survives an error page that is not JSON at all', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    )
    await expect(apiFetch('/api/v1/intentions')).rejects.toMatchObject({
      status: 502,
      detail: 'Bad Gateway',
    })
  })

  it('rejects an answer that does not match the schema', async () => {
    fetchMock.mockResolvedValue(json({ unreadCount: 'three' }))
    await expect(
      apiFetch('/api/x', { schema: z.object({ unreadCount: z.number() }) }),
    ).rejects.toMatchObject({
      code: 'invalid_response',
    })
  })

  it('throws a NetworkError when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await apiFetch('/api/v1/intentions').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError)
  })
})
