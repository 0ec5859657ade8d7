import { AuthMessage } from '@contract/auth'
import { ApiError } from '@/lib/api-client'

/** The server's refusal, per field where it named one, else as one message for the form. */
export function refusalOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { fields: Partial<Record<Field, string>>; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: AuthMessage.somethingWentWrong }
  const named: Partial<Record<Field, string>> = {}
  for (const { field, message } of error.fieldErrors)
    if ((fields as readonly string[]).includes(field)) named[field as Field] ??= message
  return Object.keys(named).length > 0
    ? { fields: named, form: null }
    : { fields: {}, form: error.detail }
}
