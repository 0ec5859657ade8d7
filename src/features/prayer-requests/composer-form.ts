import {
  type Destination,
  type IdentityMode,
  INTENTION_LIMITS,
  INTENTION_MESSAGES,
  IntentionDetailsSchema,
  IntentionTitleSchema,
} from '@contract/intentions'
import * as z from 'zod/mini'
import { translateText } from '@/i18n/i18n'

// The composer's state, also what the draft keeps (spec 001 §3 "Drafts").
export const ComposerValuesSchema = z.object({
  title: z.string(),
  details: z.string(),
  scripture: z.string(),
  destination: z.enum(['public_wall', 'private_group']),
  groupId: z.nullable(z.string()),
  identityMode: z.enum(['real_name', 'display_name', 'anonymous']),
  tags: z.array(z.string()),
})
export type ComposerValues = z.infer<typeof ComposerValuesSchema>

export const emptyComposer: ComposerValues = {
  title: '',
  details: '',
  scripture: '',
  destination: 'public_wall',
  groupId: null,
  identityMode: 'display_name',
  tags: [],
}

export function hasContent(values: ComposerValues): boolean {
  return (
    values.title.trim() !== '' ||
    values.details.trim() !== '' ||
    values.scripture.trim() !== '' ||
    values.tags.length > 0
  )
}

// Spec 001 §4: public posts force display_name unless anonymous; switching to private keeps
// anonymous or sets real_name.
export function withDestination(values: ComposerValues, destination: Destination): ComposerValues {
  const anonymous = values.identityMode === 'anonymous'
  if (destination === 'public_wall') {
    return {
      ...values,
      destination,
      groupId: null,
      identityMode: anonymous ? 'anonymous' : 'display_name',
    }
  }
  return { ...values, destination, identityMode: anonymous ? 'anonymous' : 'real_name' }
}

export function identityFor(destination: Destination, identityMode: IdentityMode): IdentityMode {
  return destination === 'public_wall' && identityMode === 'real_name'
    ? 'display_name'
    : identityMode
}

export type ComposerErrors = Partial<Record<'title' | 'details' | 'scripture' | 'groupId', string>>

function firstIssue(schema: z.core.$ZodType, value: unknown): string | undefined {
  const result = z.safeParse(schema, value)
  const message = result.success ? undefined : result.error.issues[0]?.message
  return message === undefined ? undefined : translateText(message)
}

/**
 * The same rules the server applies (contract/intentions.ts), with its exact messages in the
 * member's language.
 */
export function validateComposer(values: ComposerValues): ComposerErrors {
  const errors: ComposerErrors = {
    title: firstIssue(IntentionTitleSchema, values.title),
    details: firstIssue(IntentionDetailsSchema, values.details),
    scripture:
      values.scripture.trim().length > INTENTION_LIMITS.scriptureMax
        ? translateText(INTENTION_MESSAGES.scriptureTooLong)
        : undefined,
    groupId:
      values.destination === 'private_group' && !values.groupId
        ? translateText(INTENTION_MESSAGES.groupRequired)
        : undefined,
  }
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message),
  ) as ComposerErrors
}

export function toCreateBody(values: ComposerValues) {
  const isPrivate = values.destination === 'private_group'
  return {
    title: values.title.trim(),
    details: values.details.trim(),
    tags: values.tags,
    scripture: values.scripture.trim() || null,
    destination: values.destination,
    group_id: isPrivate ? values.groupId : null,
    identity_mode: identityFor(values.destination, values.identityMode),
  }
}
