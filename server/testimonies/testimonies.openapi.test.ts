import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'

// DESIGN §4: the API is described by the OpenAPI document generated from the zod schemas; a
// client author learns there that the answered dialog's fields create a testimony.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

it('lists the testimony calls and describes the answered dialog fields of the status call', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/v1/testimonies',
      '/api/v1/testimonies/{id}',
      '/api/v1/testimonies/{id}/reactions',
      '/api/v1/testimonies/{id}/reactors',
    ]),
  )
  const status = doc.paths['/api/v1/intentions/{id}/status'].patch
  expect(status.description).toMatch(/same transaction/)
  const fields = status.requestBody.content['application/json'].schema.properties
  for (const field of ['testimony_title', 'testimony_text', 'testimony_visibility'])
    expect(fields[field].description, field).toEqual(expect.stringContaining('testimony'))
  expect(fields.testimony_text.description).toMatch(/70 to 1200/)
})
