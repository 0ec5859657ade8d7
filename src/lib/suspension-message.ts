import { ErrorCode } from '@contract/errors'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ApiError } from './api-client'

/**
 * The server's words when a toggle that rolls back silently (silent-rollback.ts) was refused
 * because the member is suspended (issue 8); null otherwise. Listens from the first render, so
 * a refusal is never missed while the notice that shows it is still loading.
 */
export function useSuspensionMessage(): { message: string | null; dismiss: () => void } {
  const queryClient = useQueryClient()
  const [message, setMessage] = useState<string | null>(null)
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return
        if (event.mutation.meta?.rollsBackSilently !== true) return
        const { error } = event.action
        if (error instanceof ApiError && error.code === ErrorCode.suspended)
          setMessage(error.detail)
      }),
    [queryClient],
  )
  return { message, dismiss: () => setMessage(null) }
}
