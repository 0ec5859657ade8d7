import { type DisplayNameResponse, DisplayNameResponseSchema, type Gender } from '@contract/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiFetch } from '@/lib/api-client'

// Spec 000 §7: the answer is displayName or display_name; either spelling is enough.
const DisplayNameAnswerSchema = z.pipe(
  z.partial(DisplayNameResponseSchema),
  z.transform(
    (answer: Partial<DisplayNameResponse>) => answer.displayName ?? answer.display_name ?? null,
  ),
)

// The server takes male, female or empty (spec 000 §7); other choices ask for a neutral name.
function genderParam(gender: Gender | ''): 'male' | 'female' | '' {
  return gender === 'male' || gender === 'female' ? gender : ''
}

export function displayNameQueryOptions(gender: Gender | '') {
  const param = genderParam(gender)
  return queryOptions({
    queryKey: ['onboarding', 'display-name', param],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/users/display-name?gender=${param}`, {
        schema: DisplayNameAnswerSchema,
        signal,
      }),
    // While another gender's name loads, the notice keeps the last one instead of flickering.
    placeholderData: (previous) => previous,
  })
}

export function useDisplayName(gender: Gender | '') {
  return useQuery(displayNameQueryOptions(gender))
}
