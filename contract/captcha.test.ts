import { describe, expect, it } from 'vitest'
import {
  CaptchaChallengeSchema,
  CaptchaSolutionSchema,
  leadingZeroBits,
  solveProofOfWork,
  verifyProofOfWork,
} from './captcha'

const challenge = { id: 'challenge-1', salt: 'c2FsdHNhbHQ', difficulty: 10 }

async function firstFailingNonce(puzzle: typeof challenge): Promise<number> {
  let nonce = 0
  while (await verifyProofOfWork(puzzle, nonce)) nonce++
  return nonce
}

describe('proof-of-work "not a robot" check', () => {
  it('accepts the nonce the solver finds', async () => {
    const nonce = await solveProofOfWork(challenge)
    expect(await verifyProofOfWork(challenge, nonce)).toBe(true)
  })

  it('refuses a nonce that does not meet the difficulty', async () => {
    const nonce = await firstFailingNonce(challenge)
    expect(await verifyProofOfWork(challenge, nonce)).toBe(false)
  })

  it('binds the solution to its challenge (another salt or id needs new work)', async () => {
    const hard = { ...challenge, difficulty: 16 }
    const nonce = await solveProofOfWork({ ...hard, difficulty: 12 })
    const results = await Promise.all([
      verifyProofOfWork({ ...hard, salt: 'another-salt' }, nonce),
      verifyProofOfWork({ ...hard, id: 'challenge-2' }, nonce),
    ])
    // With 16 bits required, a nonce found for a different puzzle passes by chance 1 in 65536.
    expect(results).toEqual([false, false])
  })

  it('honours the difficulty: the solution hash has at least that many leading zero bits', async () => {
    for (const difficulty of [0, 4, 8, 12]) {
      const puzzle = { ...challenge, difficulty }
      const nonce = await solveProofOfWork(puzzle)
      const input = new TextEncoder().encode(`${puzzle.id}:${puzzle.salt}:${nonce}`)
      const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', input))
      expect(leadingZeroBits(hash)).toBeGreaterThanOrEqual(difficulty)
    }
    expect(await solveProofOfWork({ ...challenge, difficulty: 0 })).toBe(0)
  })

  it('finds the smallest qualifying nonce, so harder challenges need more work', async () => {
    const puzzle = { ...challenge, difficulty: 8 }
    const nonce = await solveProofOfWork(puzzle)
    const smaller = await Promise.all(
      Array.from({ length: nonce }, (_, n) => verifyProofOfWork(puzzle, n)),
    )
    expect(smaller.every((passes) => !passes)).toBe(true)
    expect(await solveProofOfWork({ ...challenge, difficulty: 12 })).toBeGreaterThanOrEqual(nonce)
  })

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])(
    'refuses the nonce %s',
    async (nonce) => {
      expect(await verifyProofOfWork({ ...challenge, difficulty: 0 }, nonce)).toBe(false)
    },
  )

  it('stops searching when aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      solveProofOfWork({ ...challenge, difficulty: 32 }, { signal: controller.signal }),
    ).rejects.toThrow()
  })

  it.each([
    [new Uint8Array([0, 0, 0x80]), 16],
    [new Uint8Array([0x01]), 7],
    [new Uint8Array([0xff]), 0],
    [new Uint8Array([0, 0]), 16],
  ])('counts leading zero bits of %j as %i', (bytes, bits) => {
    expect(leadingZeroBits(bytes)).toBe(bits)
  })

  it('validates the wire shapes', () => {
    const wire = { ...challenge, expiresAt: '2026-01-01T10:00:00.000Z' }
    expect(CaptchaChallengeSchema.parse(wire)).toEqual(wire)
    expect(CaptchaChallengeSchema.safeParse({ ...wire, difficulty: 33 }).success).toBe(false)
    expect(CaptchaChallengeSchema.safeParse({ ...wire, expiresAt: 'tomorrow' }).success).toBe(false)
    expect(CaptchaSolutionSchema.safeParse({ id: 'x', nonce: 42 }).success).toBe(true)
    expect(CaptchaSolutionSchema.safeParse({ id: 'x', nonce: '42' }).success).toBe(false)
    expect(CaptchaSolutionSchema.safeParse({ id: '', nonce: 1 }).success).toBe(false)
  })
})
