import { describe, expect, it } from 'vitest'
import { COUNTRIES, countryByCode, countryByName } from './countries'

describe('the supplied country list (spec 000 §5)', () => {
  it('holds every ISO 3166-1 alpha-2 code once', () => {
    expect(COUNTRIES).toHaveLength(249)
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249)
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(249)
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/)
  })

  it('is sorted by name for the picker', () => {
    const names = COUNTRIES.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(names[0]).toBe('Afghanistan')
    expect(names.at(-1)).toBe('Zimbabwe')
  })

  it.each([
    ['US', 'United States'],
    ['gb', 'United Kingdom'],
    [' ng ', 'Nigeria'],
    ['PH', 'Philippines'],
    ['KR', 'South Korea'],
    ['CI', "Côte d'Ivoire"],
    ['AX', 'Åland Islands'],
  ])('finds %j by code as %s', (code, name) => {
    expect(countryByCode(code)?.name).toBe(name)
  })

  it.each(['XK', 'ZZ', 'USA', 'U', ''])('has no country for the code %j', (code) => {
    expect(countryByCode(code)).toBeUndefined()
  })

  it.each([
    ['Brazil', 'BR'],
    ['  ireland ', 'IE'],
    ['RUSSIA', 'RU'],
  ])('finds %j by name', (name, code) => {
    expect(countryByName(name)?.code).toBe(code)
  })

  it('does not match a partial name', () => {
    expect(countryByName('United')).toBeUndefined()
  })
})
