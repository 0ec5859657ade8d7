import type { CreateIntentionInput } from '@contract/intentions'
import {
  type ComposerValues,
  ComposerValuesSchema,
  hasContent,
} from '@/features/prayer-requests/composer-form'
import { readDraft, writeDraft } from '@/lib/drafts'

// Loaded when a member edits a refused request (outbox-replay-wiring.tsx), not with every first screen.

function composerValuesOf(body: CreateIntentionInput): ComposerValues {
  return {
    title: body.title,
    details: body.details,
    scripture: body.scripture ?? '',
    destination: body.destination,
    groupId: body.group_id ?? null,
    identityMode: body.identity_mode ?? 'display_name',
    tags: (body.tags ?? []).map((tag) =>
      typeof tag === 'string' ? tag : 'name' in tag ? tag.name : tag.tag,
    ),
  }
}

/**
 * Puts a refused request's text back in the composer's draft, unless text already waits there:
 * then it stays refused and listed, so neither text is lost. Answers whether it was placed.
 */
export async function keepRefusedIntention(
  userId: string,
  body: CreateIntentionInput,
): Promise<boolean> {
  const waiting = await readDraft('prayer-composer', userId, ComposerValuesSchema)
  const free = !waiting || !hasContent(waiting)
  if (free) await writeDraft('prayer-composer', userId, composerValuesOf(body))
  return free
}
