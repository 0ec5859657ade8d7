import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage, t } from '@/i18n/i18n'
import { arrivalsText, presenceText } from './room-text'

const present = (count: number, names: string[]) => presenceText(count, names, t, 'en')
const change = (
  before: { count: number; names: string[] },
  after: { count: number; names: string[] },
) => arrivalsText(before, after, t)

describe('who is in a room', () => {
  afterEach(() => activateLanguage('en'))

  it('names those who chose to be seen and counts the rest', () => {
    expect(present(0, [])).toBe('No one is here yet')
    expect(present(1, ['Anna'])).toBe('Anna is here')
    expect(present(2, ['Anna', 'Ben'])).toBe('Anna and Ben are here')
    expect(present(14, ['Anna', 'Ben'])).toBe('Anna, Ben and 12 others are here')
    expect(present(3, ['Anna'])).toBe('Anna and 2 others are here')
    expect(present(2, ['Anna'])).toBe('Anna and 1 other are here')
    expect(present(5, [])).toBe('5 people are here')
    expect(present(1, [])).toBe('1 person is here')
  })

  it('tells a screen reader who came and went, by name only when names are shown', () => {
    expect(change({ count: 1, names: ['Anna'] }, { count: 2, names: ['Anna', 'Ben'] })).toBe(
      'Ben joined.',
    )
    expect(change({ count: 2, names: ['Anna', 'Ben'] }, { count: 1, names: ['Anna'] })).toBe(
      'Ben left.',
    )
    expect(change({ count: 2, names: [] }, { count: 3, names: [] })).toBe('Someone joined.')
    expect(change({ count: 5, names: [] }, { count: 3, names: [] })).toBe('2 people left.')
    expect(change({ count: 2, names: ['Anna'] }, { count: 2, names: ['Anna'] })).toBeNull()
  })

  it('says it in Spanish, and counts with the Arabic plural forms', async () => {
    await activateLanguage('es')
    expect(presenceText(14, ['Ana', 'Benito'], t, 'es')).toBe('Ana, Benito y 12 más están aquí')
    expect(presenceText(1, [], t, 'es')).toBe('Hay 1 persona aquí')
    await activateLanguage('ar')
    expect(presenceText(2, [], t, 'ar')).toBe('شخصان هنا')
    expect(presenceText(3, [], t, 'ar')).toBe('3 أشخاص هنا')
    expect(presenceText(11, [], t, 'ar')).toBe('11 شخصًا هنا')
  })
})
