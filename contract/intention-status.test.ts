import { describe, expect, it } from 'vitest'
import { STATUS_MESSAGES, StatusUpdateBodySchema, linkedTestimony } from './intention-status'

function messages(input: unknown) {
  const result = StatusUpdateBodySchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

const story = 'The scan came back clear and the doctors could not explain it. Thank you all.'

describe('StatusUpdateBodySchema (spec 001 §3, §5)', () => {
  it('requires a reason to release in peace', () => {
    expect(messages({ status: 'released_in_peace' })).toEqual([
      STATUS_MESSAGES.closureReasonRequired,
    ])
    expect(messages({ status: 'released_in_peace', closure_reason: 'came_to_peace' })).toEqual([])
  })

  it.each([
    [120, []],
    [121, [STATUS_MESSAGES.closureNoteTooLong]],
  ])('closure note of %i characters', (length, expected) => {
    expect(
      messages({
        status: 'released_in_peace',
        closure_reason: 'other',
        closure_reason_note: 'n'.repeat(length),
      }),
    ).toEqual(expected)
  })

  it('reopens and answers without any reason', () => {
    expect(messages({ status: 'active' })).toEqual([])
    expect(messages({ status: 'answered' })).toEqual([])
  })

  it.each([
    ['title 80', { testimony_title: 't'.repeat(80), testimony_text: story }, []],
    [
      'title 81',
      { testimony_title: 't'.repeat(81), testimony_text: story },
      ['Title must be 80 characters or fewer.'],
    ],
    [
      'text 69',
      { testimony_title: 'Healed', testimony_text: 's'.repeat(69) },
      ['Minimum 70 characters (1 more needed)'],
    ],
    ['text 70', { testimony_title: 'Healed', testimony_text: 's'.repeat(70) }, []],
    ['text 1200', { testimony_title: 'Healed', testimony_text: 's'.repeat(1200) }, []],
    [
      'text 1201',
      { testimony_title: 'Healed', testimony_text: 's'.repeat(1201) },
      ['Story must be 1200 characters or fewer.'],
    ],
  ])('answered dialog testimony: %s', (_case, testimony, expected) => {
    expect(messages({ status: 'answered', ...testimony })).toEqual(expected)
  })

  it('refuses a testimony on a release', () => {
    expect(
      messages({
        status: 'released_in_peace',
        closure_reason: 'other',
        testimony_title: 'Hi',
        testimony_text: story,
      }),
    ).toEqual([STATUS_MESSAGES.testimonyOnlyWhenAnswered])
  })
})

describe('linkedTestimony (spec 001 §4)', () => {
  it('creates a testimony only with both a title and a text of 70+', () => {
    const both = StatusUpdateBodySchema.parse({
      status: 'answered',
      testimony_title: ' Healed ',
      testimony_text: story,
    })
    expect(linkedTestimony(both)).toEqual({ title: 'Healed', text: story, visibility: 'public' })
    expect(
      linkedTestimony(
        StatusUpdateBodySchema.parse({
          status: 'answered',
          testimony_title: '',
          testimony_text: story,
        }),
      ),
    ).toBeNull()
    expect(
      linkedTestimony(
        StatusUpdateBodySchema.parse({ status: 'answered', testimony_title: 'Healed' }),
      ),
    ).toBeNull()
  })

  it('keeps the chosen visibility', () => {
    const body = StatusUpdateBodySchema.parse({
      status: 'answered',
      testimony_title: 'Healed',
      testimony_text: story,
      testimony_visibility: 'anonymous',
    })
    expect(linkedTestimony(body)?.visibility).toBe('anonymous')
  })
})
