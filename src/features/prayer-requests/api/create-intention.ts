import { type CreateIntentionInput, IntentionWriteResponseSchema } from '@contract/intentions'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { apiFetch } from '@/lib/api-client'

// Spec 001 §7 POST /api/v1/intentions. One Idempotency-Key per composed request (DESIGN §4), so
// a retry after a lost answer cannot post the same prayer twice.
export function createIntention(body: CreateIntentionInput, idempotencyKey: string) {
  return apiFetch('/api/v1/intentions', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: IntentionWriteResponseSchema,
  })
}

export function useCreateIntention() {
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  return useMutation({
    mutationFn: (body: CreateIntentionInput) => createIntention(body, idempotencyKey),
    // A new request after success gets a new key; after a failure the same key is reused.
    onSuccess: () => setIdempotencyKey(crypto.randomUUID()),
  })
}
