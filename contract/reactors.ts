import * as z from 'zod/mini'
import { TimestampSchema } from './pagination'

// One entry of a who-reacted list (intentions and comments alike).
export const ReactorSchema = z.object({
  user_id: z.uuid(),
  display_name: z.string(),
  created_at: TimestampSchema,
  is_you: z.boolean(),
})
export type Reactor = z.infer<typeof ReactorSchema>

export const ReactorPageSchema = z.object({
  items: z.array(ReactorSchema),
  next_cursor: z.nullable(z.string()),
})
export type ReactorPage = z.infer<typeof ReactorPageSchema>
