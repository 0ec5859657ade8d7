import * as z from 'zod/mini'
import { TolerantBooleanSchema } from './booleans'
import { withSupport } from './content-policy'
import { PAGE_SIZE, TimestampSchema, pageQuerySchema } from './pagination'
import { TagsSchema } from './tags'
import { ClosureReasonSchema, IntentionStatusSchema } from './intention-states'
import { PrayerUpdateSchema } from './prayer-updates'
import { blankAsNullText, text } from './text'

// Spec 001 §9.
export const IDENTITY_MODES = ['real_name', 'display_name', 'anonymous'] as const
export const IdentityModeSchema = z.enum(IDENTITY_MODES)
export type IdentityMode = z.infer<typeof IdentityModeSchema>

export const DESTINATIONS = ['public_wall', 'private_group'] as const
export const DestinationSchema = z.enum(DESTINATIONS)
export type Destination = z.infer<typeof DestinationSchema>

// Amen and candle are toggles; praying is its own call (POST …/pray), one per user per day.
export const INTENTION_REACTION_KINDS = ['amen', 'candle'] as const
export const IntentionReactionKindSchema = z.enum(INTENTION_REACTION_KINDS)
export type IntentionReactionKind = z.infer<typeof IntentionReactionKindSchema>

export const INTENTION_REACTOR_TYPES = ['prayed', 'amen', 'candle'] as const
export const IntentionReactorTypeSchema = z.enum(INTENTION_REACTOR_TYPES)

// What the server sends as the author of an anonymous intention or testimony (spec 001 §2).
export const ANONYMOUS_AUTHOR_NAME = 'Anonymous'

// Spec 001 §5 and §9. The details field lets 2200 characters be typed so a paste is not cut
// silently; only 2000 may be submitted.
export const INTENTION_LIMITS = {
  titleMin: 25,
  titleMax: 120,
  detailsMin: 70,
  detailsMax: 2000,
  detailsFieldMax: 2200,
  scriptureMax: 120,
} as const

// Spec 001 §4 and §9: the wall's timings, in milliseconds unless named otherwise.
export const WALL_TIMINGS = {
  prayerSeconds: 5,
  prayerProgressTicks: 60,
  prayerCompleteCloseMs: 1000,
  prayerScrollDelayMs: 300,
  reportThanksMs: 4000,
  highlightMs: 3000,
  highlightDelayMs: 100,
} as const

export const INTENTION_MESSAGES = {
  titleRequired: 'Title is required (min 25, max 120).',
  titleTooShort: 'Title must be at least 25 characters.',
  titleTooLong: 'Title must be 120 characters or fewer.',
  detailsTooShort: 'Details must be at least 70 characters.',
  detailsTooLong: 'Details must be 2000 characters or fewer.',
  scriptureTooLong: 'Scripture reference must be 120 characters or fewer.',
  groupRequired: 'Please choose a group.',
  groupNotAllowed: 'A request on the public wall has no group.',
  realNameNotPublic: 'On the public wall you post under your display name or anonymously.',
} as const

export const IntentionTitleSchema = /* @__PURE__ */ text({
  error: INTENTION_MESSAGES.titleRequired,
}).check(
  z.trim(),
  z.minLength(1, { error: INTENTION_MESSAGES.titleRequired, abort: true }),
  z.minLength(INTENTION_LIMITS.titleMin, INTENTION_MESSAGES.titleTooShort),
  z.maxLength(INTENTION_LIMITS.titleMax, INTENTION_MESSAGES.titleTooLong),
)

// Spec 001 §3 calls details nullable on the wire, but §5 makes them required: null is refused
// with the same message as too short.
export const IntentionDetailsSchema = /* @__PURE__ */ text({
  error: INTENTION_MESSAGES.detailsTooShort,
}).check(
  z.trim(),
  z.minLength(INTENTION_LIMITS.detailsMin, INTENTION_MESSAGES.detailsTooShort),
  z.maxLength(INTENTION_LIMITS.detailsMax, INTENTION_MESSAGES.detailsTooLong),
)

const ScriptureSchema = blankAsNullText(
  INTENTION_LIMITS.scriptureMax,
  INTENTION_MESSAGES.scriptureTooLong,
)

// POST /api/v1/intentions (spec 001 §3). Private needs a group; public has none and, because a
// public display name protects real identity (spec 001 §1, §4), never shows the real name.
export const CreateIntentionBodySchema = /* @__PURE__ */ z
  .object({
    title: IntentionTitleSchema,
    details: IntentionDetailsSchema,
    tags: TagsSchema,
    scripture: ScriptureSchema,
    destination: DestinationSchema,
    group_id: z._default(z.nullable(z.uuid()), null),
    identity_mode: z._default(IdentityModeSchema, 'display_name'),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.destination === 'private_group' && body.group_id === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['group_id'],
          message: INTENTION_MESSAGES.groupRequired,
        })
      }
      if (body.destination === 'public_wall' && body.group_id !== null) {
        ctx.addIssue({
          code: 'custom',
          path: ['group_id'],
          message: INTENTION_MESSAGES.groupNotAllowed,
        })
      }
      if (body.destination === 'public_wall' && body.identity_mode === 'real_name') {
        ctx.addIssue({
          code: 'custom',
          path: ['identity_mode'],
          message: INTENTION_MESSAGES.realNameNotPublic,
        })
      }
    }),
  )
export type CreateIntentionBody = z.infer<typeof CreateIntentionBodySchema>
export type CreateIntentionInput = z.input<typeof CreateIntentionBodySchema>

// PATCH /api/v1/intentions/{id}: a stale expected_updated_at answers 409 (DESIGN §3).
export const UpdateIntentionBodySchema = z.object({
  title: IntentionTitleSchema,
  details: IntentionDetailsSchema,
  tags: TagsSchema,
  expected_updated_at: TimestampSchema,
})
export type UpdateIntentionBody = z.infer<typeof UpdateIntentionBodySchema>

// POST /api/v1/intentions/{id}/reactions: the spec's client sends the kind as `kind`, `Kind`
// and `reaction`; any one is enough, contradicting ones are refused. `active` sets instead of
// toggling so a replayed outbox entry cannot flip the state back (DESIGN §4, §6).
export const IntentionReactionBodySchema = z.pipe(
  /* @__PURE__ */ z
    .object({
      kind: z.optional(IntentionReactionKindSchema),
      Kind: z.optional(IntentionReactionKindSchema),
      reaction: z.optional(IntentionReactionKindSchema),
      active: z.optional(z.boolean()),
    })
    .check(
      z.refine(
        (body) => new Set([body.kind, body.Kind, body.reaction].filter(Boolean)).size === 1,
        { path: ['kind'], message: 'Choose amen or candle.' },
      ),
    ),
  z.transform((body) => ({
    kind: (body.kind ?? body.Kind ?? body.reaction) as IntentionReactionKind,
    active: body.active,
  })),
)
export type IntentionReactionBody = z.infer<typeof IntentionReactionBodySchema>

// GET /api/v1/intentions?cursor&limit&include_all_statuses. Without include_all_statuses only
// active prayers are listed. The filters serve the Answered and My Groups tabs and the
// testimony form's "my answered prayers" picker. `closed` is the Answered tab: answered and
// released_in_peace together.
export const IntentionFeedQuerySchema = z.extend(pageQuerySchema(PAGE_SIZE.intentions), {
  include_all_statuses: TolerantBooleanSchema,
  status: z.optional(IntentionStatusSchema),
  closed: TolerantBooleanSchema,
  destination: z.optional(DestinationSchema),
  group_id: z.optional(z.uuid()),
  tag: z.optional(/* @__PURE__ */ text().check(z.maxLength(100))),
  mine: TolerantBooleanSchema,
  // Issue 20, the Needs prayer tab: active requests nobody has prayed for yet, oldest first.
  needs_prayer: TolerantBooleanSchema,
})
export type IntentionFeedQuery = z.infer<typeof IntentionFeedQuerySchema>

export const IntentionReactorsQuerySchema = z.extend(pageQuerySchema(PAGE_SIZE.reactions), {
  type: z._default(IntentionReactorTypeSchema, 'prayed'),
})
export type IntentionReactorsQuery = z.infer<typeof IntentionReactorsQuerySchema>

const CountSchema = z.number().check(z.int(), z.nonnegative())

// Spec 001 §3 minus author_user_id: `is_mine` replaces it so an anonymous author can never be
// identified from the wire. author_display_name is ANONYMOUS_AUTHOR_NAME when anonymous.
export const IntentionSchema = z.object({
  intention_id: z.uuid(),
  title: z.string(),
  details: z.string(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  author_display_name: z.string(),
  identity_mode: IdentityModeSchema,
  status: IntentionStatusSchema,
  closure_reason: z.nullable(ClosureReasonSchema),
  status_changed_at: z.nullable(TimestampSchema),
  tags: z.array(z.string()),
  scripture_ref: z.nullable(z.string()),
  destination: DestinationSchema,
  group_id: z.nullable(z.uuid()),
  group_name: z.nullable(z.string()),
  // Issue 38: absent for everyone but the author when the community hides prayer counts.
  prayed_count: z.optional(CountSchema),
  amen_count: CountSchema,
  candle_count: CountSchema,
  comments_count: CountSchema,
  has_prayed: z.boolean(),
  said_amen: z.boolean(),
  lighted_candle: z.boolean(),
  has_reported: z.boolean(),
  has_testimony: z.boolean(),
  testimony_id: z.nullable(z.uuid()),
  testimony_title: z.nullable(z.string()),
  is_mine: z.boolean(),
  // Issue 8: sent (true) only to the author of an item auto-held for review; others never see it.
  under_review: z.optional(z.boolean()),
  // Issue 38: with under_review, the post was held when posted (the publish rule) and waits for
  // a moderator's approval: its author reads "Waiting for review".
  waiting_for_review: z.optional(z.boolean()),
  // Issue 20: the author's prayer updates, oldest first, for the card's timeline. The server
  // always sends them; optional so that a card cached before them still reads.
  updates: z.optional(z.array(PrayerUpdateSchema)),
})
export type Intention = z.infer<typeof IntentionSchema>

// GET /api/v1/intentions/{id}: the card plus its prayer updates, oldest first (issue 20).
export const IntentionDetailSchema = z.extend(IntentionSchema, {
  updates: z.array(PrayerUpdateSchema),
})
export type IntentionDetail = z.infer<typeof IntentionDetailSchema>

// Answer of create and edit: the intention, plus a support block when the text signals crisis.
export const IntentionWriteResponseSchema = z.extend(IntentionSchema, withSupport)
export type IntentionWriteResponse = z.infer<typeof IntentionWriteResponseSchema>

export const IntentionFeedResponseSchema = z.object({
  items: z.array(IntentionSchema),
  next_cursor: z.nullable(z.string()),
})
export type IntentionFeedResponse = z.infer<typeof IntentionFeedResponseSchema>

// Answer of both POST …/reactions and POST …/pray.
export const IntentionReactionResponseSchema = z.object({
  amen_count: CountSchema,
  candle_count: CountSchema,
  said_amen: z.boolean(),
  lighted_candle: z.boolean(),
  // Absent when the community hides prayer counts and the viewer is not the author (issue 38).
  prayed_count: z.optional(CountSchema),
  has_prayed: z.boolean(),
})
export type IntentionReactionResponse = z.infer<typeof IntentionReactionResponseSchema>

/** The count after one more prayer; a count the viewer is not shown stays unshown (issue 38). */
export function plusOnePrayer(count: number | undefined): number | undefined {
  return count === undefined ? undefined : count + 1
}
