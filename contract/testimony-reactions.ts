import * as z from 'zod/mini'

// A testimony's amen, apart from the testimonies' contract: the outbox sends it (src/lib/outbox),
// and the wall's first screen, which holds the outbox, need not load testimonies (issue 18).
export const TestimonyReactionResponseSchema = z.object({
  Added: z.boolean(),
  Counts: z.object({ Amen: z.number().check(z.int(), z.nonnegative()) }),
})
export type TestimonyReactionResponse = z.infer<typeof TestimonyReactionResponseSchema>
