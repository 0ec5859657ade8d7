import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// Issue 18: opened cold, the wall's own code (its layout's and its page's chunks, split by
// TanStack Router) was asked for only once the app's entry had downloaded and run: a second
// round of downloads before the first card. Served to a member, the wall names those chunks in
// preloads so the browser fetches them beside the entry (server/plugins/not-found.ts). Which
// chunks they are is read from Vite's build manifest (vite.config.ts `build.manifest`).

/** Vite's build manifest: each chunk under its source's key, with the chunks it imports. */
type ViteManifest = Record<string, { file: string; imports?: string[] }>

const SHELL_ENTRY = 'index.html'
/** The modules a member's cold load of the wall runs before its first card. */
export const WALL_MODULES = [
  'src/routes/_main.tsx?tsr-split=component',
  'src/routes/_main/prayerwall/index.tsx?tsr-split=component',
  // src/main.tsx starts the persisted query cache on every page.
  'src/features/offline/query-persistence.ts',
]

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
 * The URLs of the chunks the wall needs, in the order they are best fetched: the shell's own
 * first (index.html preloads them too, but a header's preloads start before the page's, and
 * the entry must not wait behind the wall's code), then the wall's. Empty when a module is
 * missing from the manifest, so a renamed route preloads nothing rather than something stale.
 */
export function wallChunkUrls(manifest: ViteManifest): string[] {
  if (!WALL_MODULES.every((key) => key in manifest)) return []
  const shell = staticClosure(manifest, [SHELL_ENTRY])
  const wall = [...staticClosure(manifest, WALL_MODULES)].filter((key) => !shell.has(key))
  return [...shell, ...wall].map((key) => `/${manifest[key]!.file}`)
}

/** The wall's chunk URLs for the client built in `clientDir` (none without a manifest). */
export function readWallChunkUrls(clientDir: string): string[] {
  const path = join(clientDir, '.vite/manifest.json')
  if (!existsSync(path)) return []
  return wallChunkUrls(JSON.parse(readFileSync(path, 'utf8')) as ViteManifest)
}
