import { describe, expect, it } from 'vitest'
import { DISPLAY_NAME_MAX_LENGTH, displayNameCandidates, generateDisplayName } from './display-name'

// mulberry32: a tiny seeded generator, so every run draws the same names.
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function take(count: number, options: Parameters<typeof displayNameCandidates>[0]): string[] {
  const names: string[] = []
  for (const name of displayNameCandidates(options)) {
    names.push(name)
    if (names.length === count) break
  }
  return names
}

describe('public display names (spec 000 §1)', () => {
  it('is deterministic for a given random source', () => {
    expect(take(5, { random: seeded(7) })).toEqual(take(5, { random: seeded(7) }))
    expect(take(5, { random: seeded(7) })).not.toEqual(take(5, { random: seeded(8) }))
  })

  it('reads as "Word Word number" with only letters, spaces and digits, within the length bounds', () => {
    for (const gender of ['female', 'male', 'other', null]) {
      for (const name of take(500, { random: seeded(1), gender })) {
        expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d{0,3}$/)
        expect(name.length).toBeGreaterThanOrEqual(7)
        expect(name.length).toBeLessThanOrEqual(DISPLAY_NAME_MAX_LENGTH)
      }
    }
  })

  it('uses the extreme ends of the random source safely', () => {
    expect(generateDisplayName({ random: () => 0 })).toMatch(/^\w+ \w+ 1$/)
    expect(generateDisplayName({ random: () => 0.999999 })).toMatch(/^\w+ \w+ 99$/)
    expect(generateDisplayName({ random: () => 1 })).toMatch(/^\w+ \w+ 99$/)
  })

  it('yields distinct successive candidates, with wider numbers after repeated clashes', () => {
    const names = take(30, { random: seeded(3) })
    expect(new Set(names).size).toBe(30)
    const numbers = names.map((name) => Number(name.split(' ')[2]))
    expect(Math.max(...numbers.slice(0, 3))).toBeLessThanOrEqual(99)
    expect(Math.max(...numbers.slice(10))).toBeGreaterThan(999)
  })

  it.each([
    [
      ['Olive', 'Cedar'],
      ['olive', 'cedar'],
    ],
    [
      ['Gentle', 'Faithful-Hope'],
      ['gentle', 'faithful', 'hope'],
    ],
    [
      ['Mary Dove', 'Olivia Cedarholm'],
      ['mary', 'dove', 'olivia', 'cedar'],
    ],
    [
      ['Lily', 'Oakley'],
      ['lily', 'oak'],
    ],
  ])('never contains the real names %j', (avoid, forbidden) => {
    for (const gender of ['female', 'male', null]) {
      for (const name of take(1000, { random: seeded(11), gender, avoid })) {
        for (const part of forbidden) expect(name.toLowerCase()).not.toContain(part)
      }
    }
  })

  it('keeps words whose overlap with a short name is a coincidence', () => {
    const names = take(3000, { random: seeded(5), avoid: ['Al Ann'] })
    expect(names.some((name) => name.startsWith('Calm '))).toBe(true)
  })

  it('lets gender shape the nouns without giving it away', () => {
    const nouns = (gender: string | null) =>
      new Set(take(3000, { random: seeded(9), gender }).map((name) => name.split(' ')[1]))
    const female = nouns('female')
    const male = nouns('male')
    const neutral = nouns(null)
    expect(female.has('Lily')).toBe(true)
    expect(male.has('Lily')).toBe(false)
    expect(neutral.has('Lily')).toBe(false)
    expect(male.has('Oak')).toBe(true)
    expect(female.has('Oak')).toBe(false)
    expect(female.has('Olive') && male.has('Olive') && neutral.has('Olive')).toBe(true)
    expect(nouns('prefer_not_to_say')).toEqual(neutral)
  })
})
