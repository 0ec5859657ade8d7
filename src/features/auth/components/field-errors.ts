import type * as z from 'zod/mini'

/** The first message of each top-level field of a failed parse, for showing beside the fields. */
export function fieldErrors<K extends string>(error: z.core.$ZodError): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0]) as K
    errors[field] ??= issue.message
  }
  return errors
}
