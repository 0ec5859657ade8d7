import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// Issue 18: the code a page runs before its first screen is named in preloads with the page, so
// the browser fetches it all at once instead of one import after another
// (server/plugins/not-found.ts). Which chunks they are is read from Vite's build manifest
// (vite.config.ts `build.manifest`).
// - Every page of the app runs the shell: index.html's entry and the stages it imports dynamically
//   (src/boot-stages.ts), so that each is evaluated in a task of its own; the entry asks for them
//   only once it runs.
// - A member's wall also runs its layout's and its page's chunks (split by TanStack Router), which
//   the router would ask for only once the entry had run: a second round of downloads.

/** Vite's build manifest: each chunk under its source's key, with the chunks it imports. */
type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>

const SHELL_ENTRY = 'index.html'
/** The modules a member's cold load of the wall runs before its first card. */
export const WALL_MODULES = [
  'src/routes/_main.tsx?tsr-split=component',
  'src/routes/_main/prayerwall/index.tsx?tsr-split=component',
  // src/main.tsx starts the persisted query cache on every page.
  'src/features/offline/query-persistence.ts',
]

export type FirstPageChunks = {
  /** Every page's: the entry's chunks, then its boot stages'. */
  shell: string[]
  /** A member's wall's, beyond the shell's; empty when the wall's modules are not all found. */
  wall: string[]
}

function staticClosure(manifest: ViteManifest, keys: string[], into = new Set<string>()) {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk || into.has(key)) continue
    into.add(key)
    staticClosure(manifest, chunk.imports ?? [], into)
  }
  return into
}

/**
 * The chunk URLs in the order they are best fetched. The shell: the entry's own chunks, then the
 * modules they import dynamically (src/main.tsx's stages) with what those import statically, but
 * not what the stages load on demand in turn (every route's page). The wall's, after the shell's:
 * the entry must not wait behind them. A renamed wall route preloads nothing rather than
 * something stale.
 */
export function firstPageChunks(manifest: ViteManifest): FirstPageChunks {
  const url = (key: string) => `/${manifest[key]!.file}`
  const entry = staticClosure(manifest, [SHELL_ENTRY])
  const stages = [...entry].flatMap((key) => manifest[key]?.dynamicImports ?? [])
  const shell = staticClosure(manifest, stages, new Set(entry))
  const wall = WALL_MODULES.every((key) => key in manifest)
    ? [...staticClosure(manifest, WALL_MODULES)].filter((key) => !shell.has(key))
    : []
  return { shell: [...shell].map(url), wall: wall.map(url) }
}

/** The first pages' chunk URLs for the client built in `clientDir` (none without a manifest). */
export function readFirstPageChunks(clientDir: string): FirstPageChunks {
  const path = join(clientDir, '.vite/manifest.json')
  if (!existsSync(path)) return { shell: [], wall: [] }
  return firstPageChunks(JSON.parse(readFileSync(path, 'utf8')) as ViteManifest)
}
