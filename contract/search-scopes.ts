// Issue 43: the search's scopes, apart from contract/search.ts so that the /search route's URL
// schema (in the first chunk) does not bring the result schemas with it.
export const SEARCH_SCOPES = ['all', 'wall', 'testimonies', 'prayer-list', 'mine'] as const
export type SearchScope = (typeof SEARCH_SCOPES)[number]
