import * as z from 'zod/mini'
import { blankAsNullText } from './text'

// Spec 001 §2 (report dialog) and §3.
export const REPORT_CATEGORIES = ['inappropriate', 'spam', 'sensitive', 'other'] as const
export const ReportCategorySchema = z.enum(REPORT_CATEGORIES, {
  error: 'Please select a category.',
})
export type ReportCategory = z.infer<typeof ReportCategorySchema>

export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  inappropriate: 'Inappropriate or offensive: harassment, hate speech, explicit',
  spam: 'Spam or irrelevant: ads, repeated posting',
  sensitive: 'Sensitive or harmful: self-harm, violence, misinformation',
  other: 'Other',
}

export const REPORT_LIMITS = { noteMax: 200 } as const

// Spec 001 §5 and §4.
export const REPORT_MESSAGES = {
  categoryRequired: 'Please select a category.',
  noteRequired: 'Please provide a brief note (max 200 characters).',
  noteTooLong: 'Note must be 200 characters or fewer.',
  thanks: 'Thank you. This has been flagged for review.',
} as const

// POST …/report on an intention or a comment. The note is optional except for "other".
export const ReportBodySchema = z
  .object({
    category: ReportCategorySchema,
    note: blankAsNullText(REPORT_LIMITS.noteMax, REPORT_MESSAGES.noteTooLong),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.category === 'other' && body.note === null) {
        ctx.addIssue({ code: 'custom', path: ['note'], message: REPORT_MESSAGES.noteRequired })
      }
    }),
  )
export type ReportBody = z.infer<typeof ReportBodySchema>
export type ReportInput = z.input<typeof ReportBodySchema>
