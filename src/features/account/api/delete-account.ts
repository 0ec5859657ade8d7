import { ACCOUNT_DELETION_MESSAGES, type DeleteAccountBody } from '@contract/account-deletion'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'
import { endSessionLocally } from '@/lib/session'
import { writeReturnPath } from '@/lib/session-storage'

/**
 * Issue 40: DELETE /api/v1/users/me. Once deleted the member is signed out here as by "Sign out"
 * (this device's caches, drafts and outbox go with the session) and lands on the landing page,
 * told it is done; the server has ended every other session.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      apiFetch('/api/v1/users/me', { method: 'DELETE', body }),
    onSuccess: async () => {
      await queryClient.cancelQueries()
      // Away first: clearing the cache under the account screen would refetch with a dead session.
      await navigate({
        to: '/',
        state: { notice: ACCOUNT_DELETION_MESSAGES.deleted, noticeTone: 'info' },
      })
      endSessionLocally(queryClient, 'signed-out')
      writeReturnPath(null)
    },
    // A wrong password answers 403 on this form: not a session's end, nor unfinished onboarding.
    meta: handlesAuthErrors,
  })
}
