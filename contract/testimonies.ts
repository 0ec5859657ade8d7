import * as z from 'zod/mini'
import { withSupport } from './content-policy'
import { PAGE_SIZE, TimestampSchema, pageQuerySchema } from './pagination'
import { TagsSchema } from './tags'
import { text } from './text'

export const TESTIMONY_VISIBILITIES = ['public', 'anonymous'] as const
export const TestimonyVisibilitySchema = z.enum(TESTIMONY_VISIBILITIES)
export type TestimonyVisibility = z.infer<typeof TestimonyVisibilitySchema>

// Spec 001 §5 and §9.
export const TESTIMONY_LIMITS = {
  titleMin: 20,
  titleMax: 80,
  textMin: 70,
  textMax: 1200,
  cardTruncation: 200,
} as const

// Spec 001 §2 and §9: the testimonies screen and the answered-prayer picker of its form.
export const TESTIMONY_TIMINGS = {
  highlightMs: 3000,
  highlightDelayMs: 500,
  answeredSearchDebounceMs: 300,
} as const
export const ANSWERED_PICKER = { shown: 3, shownWhenSearching: 5 } as const

// Spec 001 §5: "Minimum 20 characters (N more needed)", counted on the trimmed text.
export function minimumCharactersMessage(min: number, length: number): string {
  return `Minimum ${min} characters (${Math.max(min - length, 0)} more needed)`
}

export const TESTIMONY_MESSAGES = {
  titleTooLong: `Title must be ${TESTIMONY_LIMITS.titleMax} characters or fewer.`,
  textTooLong: `Story must be ${TESTIMONY_LIMITS.textMax} characters or fewer.`,
  shared: 'Your testimony has been shared successfully!',
} as const

// A trimmed text whose too-short message counts what is missing (spec 001 §5).
export function countedTextSchema(min: number, max: number, tooLong: string) {
  return text({ error: minimumCharactersMessage(min, 0) }).check(
    z.trim(),
    z.minLength(min, {
      error: (issue) => minimumCharactersMessage(min, String(issue.input ?? '').length),
      abort: true,
    }),
    z.maxLength(max, tooLong),
  )
}

export const TestimonyTitleSchema = countedTextSchema(
  TESTIMONY_LIMITS.titleMin,
  TESTIMONY_LIMITS.titleMax,
  TESTIMONY_MESSAGES.titleTooLong,
)
export const TestimonyTextSchema = countedTextSchema(
  TESTIMONY_LIMITS.textMin,
  TESTIMONY_LIMITS.textMax,
  TESTIMONY_MESSAGES.textTooLong,
)

// POST /api/v1/testimonies (spec 001 §7).
export const CreateTestimonyBodySchema = z.object({
  title: TestimonyTitleSchema,
  text: TestimonyTextSchema,
  category_tags: TagsSchema,
  visibility: z._default(TestimonyVisibilitySchema, 'public'),
  intention_id: z.optional(z.nullable(z.uuid())),
})
export type CreateTestimonyBody = z.infer<typeof CreateTestimonyBodySchema>
export type CreateTestimonyInput = z.input<typeof CreateTestimonyBodySchema>

// POST /api/v1/testimonies/{id}/reactions. `active` sets instead of toggling (DESIGN §4).
export const TestimonyReactionBodySchema = z.object({
  Reaction: z.literal('amen'),
  active: z.optional(z.boolean()),
})
export type TestimonyReactionBody = z.infer<typeof TestimonyReactionBodySchema>

export const TestimonyFeedQuerySchema = pageQuerySchema(PAGE_SIZE.testimonies)
export const TestimonyReactorsQuerySchema = z.extend(pageQuerySchema(PAGE_SIZE.reactions), {
  type: z._default(z.literal('amen'), 'amen'),
})

// `author_display_name` is "Anonymous" for anonymous testimonies; no author id is ever sent,
// `is_mine` says whether the viewer wrote it.
export const TestimonySchema = z.object({
  testimony_id: z.uuid(),
  title: z.string(),
  text: z.string(),
  category_tags: z.array(z.string()),
  visibility: TestimonyVisibilitySchema,
  intention_id: z.nullable(z.uuid()),
  intention_title: z.nullable(z.string()),
  author_display_name: z.string(),
  created_at: TimestampSchema,
  said_amen: z.boolean(),
  amen_count: z.number().check(z.int(), z.nonnegative()),
  is_mine: z.boolean(),
  // Issue 8: sent (true) only to the author of an item auto-held for review; others never see it.
  under_review: z.optional(z.boolean()),
  // Issue 38: with under_review, the post was held when posted (the publish rule) and waits for
  // a moderator's approval: its author reads "Waiting for review".
  waiting_for_review: z.optional(z.boolean()),
})
export type Testimony = z.infer<typeof TestimonySchema>

export const CreatedTestimonySchema = z.extend(TestimonySchema, withSupport)
export type CreatedTestimony = z.infer<typeof CreatedTestimonySchema>

// Spec 001 §3: the testimony feed is `{items, nextCursor}` (camelCase, unlike the wall).
export const TestimonyFeedSchema = z.object({
  items: z.array(TestimonySchema),
  nextCursor: z.nullable(z.string()),
})
export type TestimonyFeed = z.infer<typeof TestimonyFeedSchema>

export {
  type TestimonyReactionResponse,
  TestimonyReactionResponseSchema,
} from './testimony-reactions'

export const TestimonyReactorSchema = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  isYou: z.boolean(),
})
export type TestimonyReactor = z.infer<typeof TestimonyReactorSchema>

export const TestimonyReactorPageSchema = z.object({
  items: z.array(TestimonyReactorSchema),
  nextCursor: z.nullable(z.string()),
})
export type TestimonyReactorPage = z.infer<typeof TestimonyReactorPageSchema>
