import * as z from 'zod/mini'

// A prayer's life (spec 001 §4): active -> answered | released_in_peace -> active (reopen).
// Apart from the status change's body (intention-status.ts), which needs the testimonies'
// contract: every card reads a status, and the wall's first screen need not load testimonies
// (issue 18).
export const INTENTION_STATUSES = ['active', 'answered', 'released_in_peace'] as const
export const IntentionStatusSchema = z.enum(INTENTION_STATUSES)
export type IntentionStatus = z.infer<typeof IntentionStatusSchema>

export const CLOSURE_REASONS = ['situation_changed', 'came_to_peace', 'other'] as const
export const ClosureReasonSchema = z.enum(CLOSURE_REASONS)
export type ClosureReason = z.infer<typeof ClosureReasonSchema>
