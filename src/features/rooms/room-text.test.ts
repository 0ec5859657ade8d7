import { describe, expect, it } from 'vitest'
import { arrivalsText, presenceText } from './room-text'

describe('who is in a room', () => {
  it('names those who chose to be seen and counts the rest', () => {
    expect(presenceText(0, [])).toBe('No one is here yet')
    expect(presenceText(1, ['Anna'])).toBe('Anna is here')
    expect(presenceText(2, ['Anna', 'Ben'])).toBe('Anna and Ben are here')
    expect(presenceText(14, ['Anna', 'Ben'])).toBe('Anna, Ben and 12 others are here')
    expect(presenceText(3, ['Anna'])).toBe('Anna and 2 others are here')
    expect(presenceText(2, ['Anna'])).toBe('Anna and 1 other are here')
    expect(presenceText(5, [])).toBe('5 people are here')
    expect(presenceText(1, [])).toBe('1 person is here')
  })

  it('tells a screen reader who came and went, by name only when names are shown', () => {
    expect(arrivalsText({ count: 1, names: ['Anna'] }, { count: 2, names: ['Anna', 'Ben'] })).toBe(
      'Ben joined.',
    )
    expect(arrivalsText({ count: 2, names: ['Anna', 'Ben'] }, { count: 1, names: ['Anna'] })).toBe(
      'Ben left.',
    )
    expect(arrivalsText({ count: 2, names: [] }, { count: 3, names: [] })).toBe('Someone joined.')
    expect(arrivalsText({ count: 5, names: [] }, { count: 3, names: [] })).toBe('2 people left.')
    expect(arrivalsText({ count: 2, names: ['Anna'] }, { count: 2, names: ['Anna'] })).toBeNull()
  })
})
