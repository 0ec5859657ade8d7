import { describe, expect, it } from 'vitest'
import { TolerantBooleanSchema, toTolerantBoolean } from './booleans'

describe('tolerant booleans (spec 000 §3)', () => {
  it.each([true, 1, 't', 'yes', 'y', 'true', '1', 'TRUE', ' Yes ', 'T'])(
    '%j reads as true',
    (value) => {
      expect(toTolerantBoolean(value)).toBe(true)
      expect(TolerantBooleanSchema.parse(value)).toBe(true)
    },
  )

  it.each([
    false,
    0,
    2,
    -1,
    'f',
    'no',
    'n',
    'false',
    '0',
    '',
    'yess',
    'on',
    null,
    undefined,
    {},
    [],
    [true],
  ])('%j reads as false', (value) => {
    expect(toTolerantBoolean(value)).toBe(false)
    expect(TolerantBooleanSchema.parse(value)).toBe(false)
  })
})
