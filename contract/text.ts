import * as z from 'zod/mini'

// The one rule every free-text field follows (issue 14), on the client's forms and at the
// server's edge alike. PostgreSQL refuses NUL in text and lone surrogates in jsonb, so text that
// breaks the rule is refused here, before anything is saved, with a message naming the field.
export const TEXT_MESSAGES = {
  controlCharacter: 'Please remove the invisible control characters from this text.',
  brokenCharacter:
    'This text contains a broken character (half of an emoji); please type it again.',
} as const

// C0 and C1 control characters except tab (\x09) and newline (\x0A). Carriage returns never get
// here: they are turned into newlines first, so text pasted from Windows is kept.
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's job
const NO_CONTROL_CHARACTER = /^[^\0-\x08\x0B-\x1F\x7F-\x9F]*$/
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * A string that is free text: line endings become \n, control characters and lone surrogates
 * are refused, then it is put in Unicode NFC so "é" typed two ways is one text and one length.
 * Add `z.trim()` where the spec trims, then the field's own length checks and messages
 * (`.check(z.trim(), z.minLength(…), z.maxLength(…))`).
 * `error` is the field's message for a missing value; `invalid` replaces the rule's own two
 * messages where the field already words that refusal (names).
 */
// Marked free of side effects (as zod's own builders are), so a bundle keeps only the schemas it
// reads: the client's wall imports modules that also hold the server's body and query schemas.
/* @__NO_SIDE_EFFECTS__ */
export function text({ error, invalid }: { error?: string; invalid?: string } = {}) {
  return z.string(error === undefined ? undefined : { error }).check(
    z.overwrite((value) => value.replace(/\r\n?/g, '\n')),
    z.regex(NO_CONTROL_CHARACTER, {
      error: invalid ?? TEXT_MESSAGES.controlCharacter,
      abort: true,
    }),
    z.refine((value: string) => !LONE_SURROGATE.test(value), {
      error: invalid ?? TEXT_MESSAGES.brokenCharacter,
      abort: true,
    }),
    z.normalize('NFC'),
  )
}

/**
 * An optional free text of at most `max` characters, trimmed; missing, null or blank reads as
 * null (a description, a note, a scripture reference).
 */
/* @__NO_SIDE_EFFECTS__ */
export function blankAsNullText(max: number, tooLong: string) {
  return z.pipe(
    z.optional(z.nullable(/* @__PURE__ */ text().check(z.trim(), z.maxLength(max, tooLong)))),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  )
}

/**
 * At most `max` characters of `value`, never cutting an emoji in half: a cut surrogate pair
 * would be a lone surrogate, which a jsonb column refuses.
 */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value
  const cut = value.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}
