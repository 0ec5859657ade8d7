import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ProblemDetailsSchema } from '@contract/errors'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { httpError } from '../errors/problem-error'

let test: TestApp
let logged = ''

beforeAll(async () => {
  test = await createTestApp({
    env: { BODY_LIMIT_BYTES: '1024' },
    extend: (app) => {
      const routes = app.withTypeProvider<ZodTypeProvider>()
      routes.post(
        '/api/test/echo',
        { config: { public: true }, schema: { body: z.object({ title: z.string().min(3, 'Title is too short') }), response: { 200: z.object({ title: z.string() }) } } },
        (request) => ({ title: request.body.title }),
      )
      routes.get('/api/test/leak', { config: { public: true }, schema: { response: { 200: z.object({ id: z.string() }) } } }, () => ({ id: 'a', secret: 'hash' }))
      routes.get('/api/test/conflict', { config: { public: true } }, () => {
        throw httpError(409, 'conflict', 'Someone else edited this.')
      })
      routes.get('/api/test/boom', { config: { public: true } }, () => {
        throw new Error('database password is hunter2')
      })
      app.addHook('onError', (_request, _reply, error, done) => {
        logged += error.message
        done()
      })
    },
  })
})
afterAll(() => test.close())

async function expectProblem(response: { headers: Record<string, unknown>; json(): unknown; statusCode: number }, status: number, title: string) {
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  const body = ProblemDetailsSchema.parse(response.json())
  expect(body).toMatchObject({ status, title })
  return body
}

describe('problem details', () => {
  it('answers an unknown API path with a JSON 404, never the HTML shell', async () => {
    for (const url of ['/api/nope', '/auth/nope', '/hub/nope', '/__dev/nope']) {
      await expectProblem(await test.app.inject({ url, headers: { accept: 'application/json' } }), 404, 'not_found')
    }
    await expectProblem(await test.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } }), 404, 'not_found')
  })

  it('names the invalid field and its message', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: 'ab' } })
    const body = await expectProblem(response, 400, 'validation_error')
    expect(body.detail).toBe('title: Title is too short')
    expect(body.errors).toEqual([{ field: 'title', message: 'Title is too short' }])
  })

  it('passes a valid body through', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: 'Amen' } })
    expect(response.json()).toEqual({ title: 'Amen' })
  })

  it('strips fields the response schema does not declare', async () => {
    expect((await test.app.inject({ url: '/api/test/leak' })).json()).toEqual({ id: 'a' })
  })

  it('rejects malformed JSON', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    })
    await expectProblem(response, 400, 'invalid_json')
  })

  it('rejects a body over BODY_LIMIT_BYTES', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: 'x'.repeat(2000) } })
    await expectProblem(response, 413, 'payload_too_large')
  })

  it('rejects an unsupported media type', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<title>hi</title>',
    })
    await expectProblem(response, 415, 'unsupported_media_type')
  })

  it('sends a service error with its own status, code and message', async () => {
    const body = await expectProblem(await test.app.inject({ url: '/api/test/conflict' }), 409, 'conflict')
    expect(body.detail).toBe('Someone else edited this.')
  })

  it('hides an unexpected error behind a generic 500', async () => {
    const response = await test.app.inject({ url: '/api/test/boom' })
    const body = await expectProblem(response, 500, 'internal_error')
    expect(response.body).not.toContain('hunter2')
    expect(response.body).not.toMatch(/at .*\.ts/)
    expect(body.detail).toBe('Something went wrong on our side. Please try again.')
    expect(logged).toContain('hunter2')
  })
})
