import { expect } from 'vitest'
import type { CreatedTestimony, CreateTestimonyInput } from '@contract/testimonies'
import type { App } from '../../server/app'
import { call } from './call'

// Testimony calls as the client makes them, for the testimonies tests.

export { call }

export const TESTIMONY_TITLE = 'The surgery went well, thank you'
export const STORY =
  'Three weeks after the operation my mother is walking again. Thank you all for praying with us every day.'

export function testimonyInput(
  overrides: Partial<CreateTestimonyInput> = {},
): CreateTestimonyInput {
  return { title: TESTIMONY_TITLE, text: STORY, category_tags: ['healing'], ...overrides }
}

/** Shares through the API (so every rule runs) and insists on 201. */
export async function postTestimony(
  app: App,
  cookie: string,
  overrides: Partial<CreateTestimonyInput> = {},
): Promise<CreatedTestimony> {
  const response = await call(app, cookie, 'POST', '/api/v1/testimonies', testimonyInput(overrides))
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** PATCH …/status answered, with the answered dialog's testimony fields when given. */
export function markAnswered(
  app: App,
  cookie: string,
  intentionId: string,
  testimony: {
    testimony_title?: string
    testimony_text?: string
    testimony_visibility?: string
  } = {},
) {
  return call(app, cookie, 'PATCH', `/api/v1/intentions/${intentionId}/status`, {
    status: 'answered',
    ...testimony,
  })
}
