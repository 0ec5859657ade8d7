import { INTENTION_MESSAGES } from '@contract/intentions'
import { describe, expect, it } from 'vitest'
import { emptyComposer, toCreateBody, validateComposer, withDestination } from './composer-form'

const details = 'd'.repeat(70)

describe('validateComposer (spec 001 §5)', () => {
  it('counts the trimmed title: 24 is too short, 25 passes, 120 passes, 121 is too long', () => {
    const title = (text: string) =>
      validateComposer({ ...emptyComposer, title: text, details }).title
    expect(title('')).toBe(INTENTION_MESSAGES.titleRequired)
    expect(title(`  ${'t'.repeat(24)}  `)).toBe(INTENTION_MESSAGES.titleTooShort)
    expect(title('t'.repeat(25))).toBeUndefined()
    expect(title('t'.repeat(120))).toBeUndefined()
    expect(title('t'.repeat(121))).toBe(INTENTION_MESSAGES.titleTooLong)
  })

  it('asks for 70 to 2000 characters of details', () => {
    const check = (text: string) =>
      validateComposer({ ...emptyComposer, title: 't'.repeat(30), details: text }).details
    expect(check('d'.repeat(69))).toBe(INTENTION_MESSAGES.detailsTooShort)
    expect(check('d'.repeat(70))).toBeUndefined()
    expect(check('d'.repeat(2000))).toBeUndefined()
    expect(check('d'.repeat(2001))).toBe(INTENTION_MESSAGES.detailsTooLong)
  })

  it('a private request needs a group', () => {
    const values = withDestination(
      { ...emptyComposer, title: 't'.repeat(30), details },
      'private_group',
    )
    expect(validateComposer(values).groupId).toBe(INTENTION_MESSAGES.groupRequired)
    expect(validateComposer({ ...values, groupId: 'g1' })).toEqual({})
  })
})

describe('withDestination (spec 001 §4)', () => {
  it('switching to private keeps anonymous, otherwise sets the real name', () => {
    expect(withDestination(emptyComposer, 'private_group').identityMode).toBe('real_name')
    expect(
      withDestination({ ...emptyComposer, identityMode: 'anonymous' }, 'private_group')
        .identityMode,
    ).toBe('anonymous')
  })

  it('switching back to public forces the display name unless anonymous, and drops the group', () => {
    const privateValues = {
      ...emptyComposer,
      destination: 'private_group' as const,
      groupId: 'g1',
      identityMode: 'real_name' as const,
    }
    expect(withDestination(privateValues, 'public_wall')).toMatchObject({
      identityMode: 'display_name',
      groupId: null,
    })
    expect(
      withDestination({ ...privateValues, identityMode: 'anonymous' }, 'public_wall').identityMode,
    ).toBe('anonymous')
  })

  it('the body never sends a real name to the public wall', () => {
    const body = toCreateBody({ ...emptyComposer, identityMode: 'real_name', scripture: '  ' })
    expect(body).toMatchObject({ identity_mode: 'display_name', group_id: null, scripture: null })
  })
})
