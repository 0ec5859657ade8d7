import * as z from 'zod/mini'
import { withSupport } from './content-policy'
import { ClosureReasonSchema, IntentionStatusSchema } from './intention-states'
import { TimestampSchema } from './pagination'
import {
  TESTIMONY_LIMITS,
  TESTIMONY_MESSAGES,
  TestimonyVisibilitySchema,
  minimumCharactersMessage,
  type TestimonyVisibility,
} from './testimonies'
import { text } from './text'

export {
  CLOSURE_REASONS,
  type ClosureReason,
  ClosureReasonSchema,
  INTENTION_STATUSES,
  type IntentionStatus,
  IntentionStatusSchema,
} from './intention-states'

export const CLOSURE_NOTE_MAX = 120

export const STATUS_MESSAGES = {
  closureReasonRequired: 'Please choose a reason.',
  closureNoteTooLong: 'Note must be 120 characters or fewer.',
  testimonyOnlyWhenAnswered: 'A testimony can only be shared when the prayer is answered.',
} as const

const OptionalTrimmedSchema = (max: number, tooLong: string) =>
  z.pipe(
    z.optional(z.nullable(text().check(z.trim(), z.maxLength(max, tooLong)))),
    z.transform((text) => (text ? text : null)),
  )

// PATCH /api/v1/intentions/{id}/status. The answered dialog may carry a testimony (DESIGN §4);
// its text, when given, must reach 70 (spec 001 §5). The reason and note only mean something
// for released_in_peace; the service stores them only then.
export const StatusUpdateBodySchema = z
  .object({
    status: IntentionStatusSchema,
    closure_reason: z.optional(z.nullable(ClosureReasonSchema)),
    closure_reason_note: OptionalTrimmedSchema(
      CLOSURE_NOTE_MAX,
      STATUS_MESSAGES.closureNoteTooLong,
    ),
    testimony_title: OptionalTrimmedSchema(
      TESTIMONY_LIMITS.titleMax,
      TESTIMONY_MESSAGES.titleTooLong,
    ).check(
      z.describe(
        "Answered dialog only: the linked testimony's title (up to 80). With a testimony_text it creates the testimony in the same transaction as the status change; alone it is ignored.",
      ),
    ),
    testimony_text: OptionalTrimmedSchema(
      TESTIMONY_LIMITS.textMax,
      TESTIMONY_MESSAGES.textTooLong,
    ).check(
      z.refine((text) => text === null || text.length >= TESTIMONY_LIMITS.textMin, {
        error: (issue) =>
          minimumCharactersMessage(TESTIMONY_LIMITS.textMin, String(issue.input ?? '').length),
      }),
      z.describe(
        "Answered dialog only: the testimony's story, 70 to 1200 when given. Only the prayer's author may send it; a prayer with a testimony already answers 409.",
      ),
    ),
    testimony_visibility: z
      ._default(TestimonyVisibilitySchema, 'public')
      .check(
        z.describe("The testimony's visibility: public (author's display name) or anonymous."),
      ),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.status === 'released_in_peace' && !body.closure_reason) {
        ctx.addIssue({
          code: 'custom',
          path: ['closure_reason'],
          message: STATUS_MESSAGES.closureReasonRequired,
        })
      }
      if (
        body.status !== 'answered' &&
        (body.testimony_title !== null || body.testimony_text !== null)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['testimony_title'],
          message: STATUS_MESSAGES.testimonyOnlyWhenAnswered,
        })
      }
    }),
  )
export type StatusUpdateBody = z.infer<typeof StatusUpdateBodySchema>

// Spec 001 §4: the testimony is created only when both a title and a text of 70+ are present;
// otherwise the prayer is only marked answered.
export function linkedTestimony(
  body: StatusUpdateBody,
): { title: string; text: string; visibility: TestimonyVisibility } | null {
  if (body.status !== 'answered' || !body.testimony_title || !body.testimony_text) return null
  return {
    title: body.testimony_title,
    text: body.testimony_text,
    visibility: body.testimony_visibility,
  }
}

export const StatusUpdateResponseSchema = z.object({
  status: IntentionStatusSchema,
  closure_reason: z.nullable(ClosureReasonSchema),
  status_changed_at: z.nullable(TimestampSchema),
  has_testimony: z.boolean(),
  testimony_id: z.nullable(z.uuid()),
  testimony_title: z.nullable(z.string()),
  ...withSupport,
})
export type StatusUpdateResponse = z.infer<typeof StatusUpdateResponseSchema>
