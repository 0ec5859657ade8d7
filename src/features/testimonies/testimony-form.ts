import {
  TESTIMONY_LIMITS,
  TESTIMONY_VISIBILITIES,
  type CreateTestimonyInput,
  TESTIMONY_MESSAGES,
} from '@contract/testimonies'
import * as z from 'zod/mini'
import { type MessageId, type MessageValues, translateText } from '@/i18n/i18n'

/** The page's `t` (useT), so the message is in the member's language. */
type Translate = (id: MessageId, values?: MessageValues) => string

// What the Share Your Testimony form holds, and what its draft stores (spec 001 §3 "Drafts").
export const TestimonyValuesSchema = z.object({
  title: z.string(),
  text: z.string(),
  category_tags: z.array(z.string()),
  visibility: z.enum(TESTIMONY_VISIBILITIES),
  intention_id: z.nullable(z.string()),
})
export type TestimonyValues = z.infer<typeof TestimonyValuesSchema>

export const EMPTY_TESTIMONY: TestimonyValues = {
  title: '',
  text: '',
  category_tags: [],
  visibility: 'public',
  intention_id: null,
}

export function hasContent(values: TestimonyValues): boolean {
  return (
    values.title.trim() !== '' ||
    values.text.trim() !== '' ||
    values.category_tags.length > 0 ||
    values.visibility !== 'public' ||
    values.intention_id !== null
  )
}

// Spec 001 §5: the field's message, counted on the trimmed text; null when it is valid. The
// contract's minimumCharactersMessage words the same in English; here it has the member's words.
function countedError(
  value: string,
  [min, max]: [number, number],
  tooLong: string,
  t: Translate,
): string | null {
  const length = value.trim().length
  if (length < min)
    return t('Minimum characters (testimony)', { min, more: Math.max(min - length, 0) })
  return length > max ? translateText(tooLong) : null
}

export function titleError(title: string, t: Translate): string | null {
  const { titleMin, titleMax } = TESTIMONY_LIMITS
  return countedError(title, [titleMin, titleMax], TESTIMONY_MESSAGES.titleTooLong, t)
}

export function textError(text: string, t: Translate): string | null {
  const { textMin, textMax } = TESTIMONY_LIMITS
  return countedError(text, [textMin, textMax], TESTIMONY_MESSAGES.textTooLong, t)
}

export function toCreateBody(values: TestimonyValues): CreateTestimonyInput {
  return {
    title: values.title.trim(),
    text: values.text.trim(),
    category_tags: values.category_tags,
    visibility: values.visibility,
    intention_id: values.intention_id,
  }
}
