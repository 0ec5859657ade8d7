import type { CreateIntentionInput } from '@contract/intentions'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { sendOrQueue } from '@/lib/outbox/send-or-queue'
import { useOutboxUser } from '@/lib/outbox/use-outbox'

/**
 * Spec 001 §7 POST /api/v1/intentions. One Idempotency-Key per composed request (DESIGN §4), so
 * a retry after a lost answer cannot post the same prayer twice. Offline, the request waits in
 * the outbox under that key and the answer is null.
 */
export function useCreateIntention() {
  const userId = useOutboxUser()
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  return useMutation({
    // Offline it must run, to queue in the outbox; TanStack would only hold it paused.
    networkMode: 'always',
    mutationFn: (body: CreateIntentionInput) =>
      sendOrQueue(userId, { kind: 'intention', body }, idempotencyKey),
    // A new request after success (or once queued) gets a new key; after a failure the same
    // key is reused.
    onSuccess: () => setIdempotencyKey(crypto.randomUUID()),
  })
}
