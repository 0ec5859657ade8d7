import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'

// Issue 46: outside production a scheduled job can be run at once, by its fixed name.
let test: TestApp
const clock = new Date('2026-11-25T10:00:00Z')
beforeAll(async () => {
  test = await createTestApp({ now: () => clock })
})
afterAll(() => test.close())

const run = (name: string) => test.app.inject({ method: 'POST', url: `/__dev/jobs/${name}/run` })

describe('POST /__dev/jobs/{name}/run', () => {
  it('records a period of each named job, once', async () => {
    const first = await run('weekly-summary')
    expect(first.statusCode).toBe(202)
    expect(first.json()).toEqual({ job: 'weekly-summary', period: '2026-11-16', recorded: true })
    expect((await run('weekly-summary')).json()).toMatchObject({ recorded: false })
    for (const name of ['daily-digest', 'weekly-digest', 'prayer-list-reminders', 'room-reminders'])
      expect((await run(name)).statusCode, name).toBe(202)
  })

  it('answers 404 with problem details for a name no job has', async () => {
    const response = await run('fireworks')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })
})
