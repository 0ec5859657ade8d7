import { ACCOUNT_DELETION_MESSAGES, type DeleteAccountBody } from '@contract/account-deletion'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
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
  const router = useRouter()
  return useMutation({
    mutationFn: async (body: DeleteAccountBody) => {
      // The hub closes this page's connection as soon as the deletion commits, and the profile
      // read that follows meets a 401: the landing page is loaded before, so that the member is
      // there and signed out here before that 401 could send them to sign-in instead.
      await router.preloadRoute({ to: '/' })
      return apiFetch('/api/v1/users/me', { method: 'DELETE', body })
    },
    onSuccess: async () => {
      await queryClient.cancelQueries()
      // Away first: clearing the cache under the account screen would refetch with a dead session.
      await router.navigate({
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
