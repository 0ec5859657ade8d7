// Messages between the page and the service worker (DESIGN §6). sw/ may import only contract/,
// so the one definition of their shape lives here. Plain types, no zod: the page loads this file;
// the service worker validates what it receives with service-worker-messages.ts (zod/mini).

/** Runtime caches of API answers belong to one member: their names end with the user id. */
export const API_CACHE_PREFIX = 'prayer-api-'

export const apiCacheName = (userId: string) => `${API_CACHE_PREFIX}${userId}`

export const SwMessage = {
  /** Page → SW: this member is signed in; drop every other member's cached answers. */
  setUser: 'SET_USER',
  /** Page → SW: nobody is signed in (logout, 401, session over); drop every cached answer. */
  clearUser: 'CLEAR_USER',
  /** SW → page: where the last API answer it gave this page came from. */
  apiSource: 'API_SOURCE',
} as const

export type PageToSwMessage =
  { type: typeof SwMessage.setUser; userId: string } | { type: typeof SwMessage.clearUser }

export type ApiSource = 'network' | 'cache'

export type SwToPageMessage = { type: typeof SwMessage.apiSource; source: ApiSource }
