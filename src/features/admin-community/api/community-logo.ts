import { type CommunityIcons, CommunityIconsSchema, LOGO_FIELD } from '@contract/community-logo'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError, problemError } from '@/lib/api-client'
import { apiUrl } from '@/lib/api-url'

// GET /api/v1/community/icons and POST /api/v1/admin/community/logo (issue 38).
export function communityIconsQueryOptions() {
  return queryOptions({
    queryKey: ['community', 'icons'],
    queryFn: async ({ signal }): Promise<CommunityIcons> => {
      const response = await fetch(apiUrl('/api/v1/community/icons'), { signal })
      if (!response.ok) throw problemError(response.status, await response.json().catch(() => null))
      return CommunityIconsSchema.parse(await response.json())
    },
  })
}

export function useCommunityIcons() {
  return useQuery(communityIconsQueryOptions())
}

/** A multipart upload: apiFetch sends JSON only, and the browser sets the form's boundary. */
async function uploadLogo(file: File): Promise<CommunityIcons> {
  const form = new FormData()
  form.append(LOGO_FIELD, file)
  let response: Response
  try {
    response = await fetch(apiUrl('/api/v1/admin/community/logo'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json, application/problem+json' },
      body: form,
    })
  } catch (error) {
    throw new NetworkError(error)
  }
  const payload: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw problemError(response.status, payload, response.statusText)
  const parsed = CommunityIconsSchema.safeParse(payload)
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', 'Unexpected answer')
  return parsed.data
}

export function useUploadLogo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (icons) => queryClient.setQueryData(communityIconsQueryOptions().queryKey, icons),
  })
}
