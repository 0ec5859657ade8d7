import { describe, expect, it } from 'vitest'
import { REPORT_CATEGORY_LABELS, REPORT_MESSAGES, ReportBodySchema } from './reports'

function messages(input: unknown) {
  const result = ReportBodySchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('ReportBodySchema (spec 001 §5)', () => {
  it.each([
    ['no category', { note: null }, [REPORT_MESSAGES.categoryRequired]],
    ['unknown category', { category: 'rude' }, [REPORT_MESSAGES.categoryRequired]],
    ['spam without note', { category: 'spam' }, []],
    ['other without note', { category: 'other', note: '   ' }, [REPORT_MESSAGES.noteRequired]],
    ['other with note 200', { category: 'other', note: 'n'.repeat(200) }, []],
    ['note 201', { category: 'sensitive', note: 'n'.repeat(201) }, [REPORT_MESSAGES.noteTooLong]],
  ])('%s', (_case, input, expected) => {
    expect(messages(input)).toEqual(expected)
  })

  it('stores an empty note as null', () => {
    expect(ReportBodySchema.parse({ category: 'spam', note: '' })).toEqual({
      category: 'spam',
      note: null,
    })
  })

  it('labels the categories as the dialog shows them', () => {
    expect(REPORT_CATEGORY_LABELS.sensitive).toBe(
      'Sensitive or harmful: self-harm, violence, misinformation',
    )
  })
})
