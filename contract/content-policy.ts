import * as z from 'zod/mini'

// Spec 001 §8: the 422 `detail` for any write the content policy rejects (problem title
// `content_policy`, see errors.ts).
export const CONTENT_POLICY_MESSAGE =
  "We're sorry, but we couldn't process your request because it appears to violate our content policy. Please review your content and try again."

// DESIGN §4: a write whose text signals a member in crisis still succeeds; its answer carries
// this block for the client to show alongside the success.
export const SupportResourceSchema = z.object({
  name: z.string(),
  url: z.url(),
  phone: z.optional(z.string()),
})
export type SupportResource = z.infer<typeof SupportResourceSchema>

export const SupportBlockSchema = z.object({
  message: z.string(),
  resources: z.array(SupportResourceSchema),
})
export type SupportBlock = z.infer<typeof SupportBlockSchema>

// Spread into a write answer's schema: `z.extend(IntentionSchema, withSupport)`.
export const withSupport = { support: z.optional(SupportBlockSchema) }
