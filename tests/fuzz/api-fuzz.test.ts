import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { answerProblems } from './answer-checks'
import { requestFor, UNKNOWN_FIELD_MARKER, type FuzzRequest } from './fuzz-inputs'
import { othersRows, seedFuzzWorld, tablesHolding, type FuzzWorld } from './fuzz-world'
import { operationsOf, type Operation } from './openapi-operations'

// Issue 14: every operation of /api/openapi.json, fed missing, null, wrong-typed, empty, huge,
// nested, unknown and broken input, as a member, without a session and from another site.
// Seeded and bounded so a run is the same run every time and stays well under a minute.
const SEED = 1414
const RUNS = { member: 16, anonymous: 4, foreignSite: 4 }
const OWN_ORIGIN = 'http://localhost:3000'
const FOREIGN_ORIGIN = 'https://evil.example'

let t: TestApp
let world: FuzzWorld
let operations: Operation[]
let before: unknown[]
let address = 0

beforeAll(async () => {
  t = await createTestApp()
  world = await seedFuzzWorld(t.app, t.db)
  operations = operationsOf((await t.app.inject('/api/openapi.json')).json())
  before = await othersRows(t.db, world.other.id)
})
afterAll(() => t.close())

type Who = 'member' | 'anonymous' | 'foreignSite'

async function send(request: FuzzRequest, who: Who, cookie: string) {
  address += 1
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    // Each request from its own address, so rate limits answer 429 to none of them.
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: {
      ...(who === 'anonymous' ? {} : { cookie }),
      origin: who === 'foreignSite' ? FOREIGN_ORIGIN : OWN_ORIGIN,
      ...(request.contentType ? { 'content-type': request.contentType } : {}),
    },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const EDITS = new Set(['PUT', 'PATCH', 'DELETE'])
// Collections of the caller's own that are keyed by another member's object: adding a visible
// prayer to one's own list, or taking it off, edits nothing of its author's (issue 20).
const OWN_LINKS = ['/api/v1/prayer-list/{intentionId}']

/**
 * Who may be answered 2xx: a protected operation never without a session, a write never from
 * another site. Another member's private content is never shown or acted on; a DELETE of the
 * caller's own link to it (an idempotent unmute answers 204 for any id) tells nothing. Another
 * member's post or comment is never edited or deleted: through its own path here, through its
 * sub-paths (status) by the check that their rows are unchanged.
 */
function successProblems(operation: Operation, request: FuzzRequest, who: Who): string[] {
  const problems: string[] = []
  if (who === 'anonymous' && operation.needsSession) problems.push('answered 2xx without a session')
  if (who === 'foreignSite' && WRITES.has(operation.method))
    problems.push('wrote from another site')
  const path = request.url.split('?')[0]!.split('/')
  if (operation.method !== 'DELETE' && path.some((segment) => world.privateIds.has(segment)))
    problems.push("answered 2xx on another member's private content")
  if (
    EDITS.has(operation.method) &&
    !OWN_LINKS.includes(operation.path) &&
    world.othersIds.has(path.at(-1)!)
  )
    problems.push("changed another member's content")
  return problems
}

async function fuzz(who: Who) {
  const failures: string[] = []
  for (const operation of operations) {
    const cookie = await world.member.cookie()
    await fc.assert(
      fc.asyncProperty(requestFor(operation, world.ids), async (request) => {
        const response = await send(request, who, cookie)
        const problems = answerProblems(response)
        if (response.statusCode < 300) problems.push(...successProblems(operation, request, who))
        for (const problem of problems)
          failures.push(
            `${who} ${operation.name} → ${request.method} ${request.url.slice(0, 120)}: ${problem}`,
          )
      }),
      { seed: SEED, numRuns: RUNS[who], endOnFailure: true },
    )
  }
  return failures
}

describe('the whole API under bad input (driven by /api/openapi.json)', () => {
  it('reads every operation from the document', () => {
    expect(operations.length).toBeGreaterThan(50)
    expect(operations.map((operation) => operation.name)).toContain('POST /api/v1/intentions')
  })

  it.each<Who>(['member', 'anonymous', 'foreignSite'])(
    'never answers 5xx, a bare refusal, internals or a forbidden 2xx (%s)',
    async (who) => {
      expect([...new Set(await fuzz(who))]).toEqual([])
    },
    120_000,
  )

  it("leaves the other member's content as it was, and stores no unknown field", async () => {
    expect(await othersRows(t.db, world.other.id)).toEqual(before)
    expect(await tablesHolding(t.db, UNKNOWN_FIELD_MARKER)).toEqual([])
  })
})
