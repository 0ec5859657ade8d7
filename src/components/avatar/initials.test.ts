import { describe, expect, it } from 'vitest'
import { initialsOf } from './initials'

describe('initialsOf', () => {
  it.each([
    ['Thankful Carmel 90 (You)', 'TC'],
    ['Grace Hopper (OP)', 'GH'],
    ['Mary Ann Lee', 'ML'],
    ['Joy', 'J'],
    ['joy (You)', 'J'],
    ['Peace 2024', 'P'],
    ['🙏 Hope Rising ✨', 'HR'],
    ['Zoë', 'Z'],
    ['élodie martin', 'ÉM'],
    ["O'Brien Kate", 'OK'],
    ['"Faith" — Walker!', 'FW'],
  ])('%s reads %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })

  it('gives a placeholder when the name has no letters at all', () => {
    expect(initialsOf('1234 🙏 (You)')).toBe('?')
    expect(initialsOf('')).toBe('?')
  })
})
