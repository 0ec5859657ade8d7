import { describe, expect, it } from 'vitest'
import { CreateGroupBodySchema, GROUP_MESSAGES, JoinGroupBodySchema } from './groups'

describe('CreateGroupBodySchema', () => {
  it.each([
    ['  ab  ', false],
    ['abc', true],
    ['n'.repeat(60), true],
    ['n'.repeat(61), false],
  ])('name %j accepted: %s', (name, ok) => {
    expect(CreateGroupBodySchema.safeParse({ name }).success).toBe(ok)
  })

  it('stores a blank description as null', () => {
    expect(CreateGroupBodySchema.parse({ name: 'Tuesday group', description: ' ' })).toEqual({
      name: 'Tuesday group',
      description: null,
    })
  })
})

describe('JoinGroupBodySchema', () => {
  it('forgives case, spaces, the hyphen and look-alike letters', () => {
    expect(JoinGroupBodySchema.parse({ code: ' abcd-efgh ' }).code).toBe('ABCDEFGH')
    expect(JoinGroupBodySchema.parse({ code: 'oIlx 2345' }).code).toBe('011X2345')
  })

  it.each([
    ['', GROUP_MESSAGES.codeRequired],
    ['ABC', GROUP_MESSAGES.codeInvalid],
    ['ABCDEFGU', GROUP_MESSAGES.codeInvalid],
  ])('refuses %j', (code, message) => {
    expect(JoinGroupBodySchema.safeParse({ code }).error?.issues[0]?.message).toBe(message)
  })
})
