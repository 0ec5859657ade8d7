import * as z from 'zod/mini'
import { text } from './text'

// Spec 001 §5 and §9.
export const TAG_LIMITS = {
  perItem: 5,
  maxLength: 40,
  searchSuggestions: 8,
  popularSuggestions: 10,
  shownSuggestions: 8,
  searchDebounceMs: 250,
} as const

export const TAG_MESSAGES = {
  // Spec 001 §4: the input's own text at 5 tags; the server sends the same words.
  tooMany: 'Max 5 tags reached',
  tooLong: `Tags must be ${TAG_LIMITS.maxLength} characters or fewer.`,
} as const

// Spec 001 §5: lowercase letters a-z, digits, spaces and hyphens; whitespace collapsed and
// trimmed. Accents are folded first so "Prière" becomes "priere" rather than "prire"; every
// other character (#, apostrophes, emoji) is dropped.
export function normaliseTag(tag: string): string {
  return tag
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ +/g, ' ')
    .trim()
}

// Empty tags are dropped and duplicates (after normalisation) ignored, keeping first order.
// Never truncates: more than five is the caller's error to report.
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  for (const tag of tags) {
    const normalised = normaliseTag(tag)
    if (normalised !== '') seen.add(normalised)
  }
  return [...seen]
}

// Spec 001 §3: a tag may arrive as a string or as an object with `name` or `tag`. Before
// normalisation a tag may be longer than its limit (accents, emoji, # are dropped), not endless.
const TagTextSchema = /* @__PURE__ */ text().check(
  z.maxLength(TAG_LIMITS.maxLength * 5, TAG_MESSAGES.tooLong),
)
const TagInputSchema = z.union([
  TagTextSchema,
  z.pipe(
    z.object({ name: TagTextSchema }),
    z.transform((tag) => tag.name),
  ),
  z.pipe(
    z.object({ tag: TagTextSchema }),
    z.transform((tag) => tag.tag),
  ),
])

export const TagsSchema = /* @__PURE__ */ z
  .pipe(
    z._default(/* @__PURE__ */ z.array(TagInputSchema).check(z.maxLength(50)), []),
    z.transform<string[], string[]>(normaliseTags),
  )
  .check(
    z.superRefine((tags, ctx) => {
      if (tags.length > TAG_LIMITS.perItem)
        ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.tooMany })
      if (tags.some((tag) => tag.length > TAG_LIMITS.maxLength)) {
        ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.tooLong })
      }
    }),
  )

// GET /api/v1/tags?limit=10 (popular) and ?search={text}&limit=8 (spec 001 §7).
export const TagsQuerySchema = z.object({
  search: z.optional(
    z.pipe(/* @__PURE__ */ z.string().check(z.maxLength(100)), z.transform(normaliseTag)),
  ),
  limit: z._default(
    /* @__PURE__ */ z.coerce
      .number()
      .check(z.int(), z.minimum(1), z.maximum(TAG_LIMITS.popularSuggestions)),
    TAG_LIMITS.popularSuggestions,
  ),
})
export type TagsQuery = z.infer<typeof TagsQuerySchema>

// The server answers with a plain array, the first of the spec's alternatives (DESIGN §4).
export const TagListResponseSchema = z.array(z.string())
export type TagListResponse = z.infer<typeof TagListResponseSchema>
