import * as z from 'zod/mini'

// Search schemas live in the main chunk (route options are not code-split), so they use
// zod/mini: the full zod API would add tens of KB to every page's first load. The router reads
// every search value as text (lib/search-serialization.ts).

// A local path only: `next` comes from the URL, so an absolute URL would be an open redirect
// (DESIGN §5). `//host` is protocol-relative and just as external.
export const localPathSchema = z.string().check(z.regex(/^\/(?!\/)/))

// An optional search value that falls back to "absent" when it is malformed, so a bad link
// still opens the page instead of an error screen.
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined)
}
