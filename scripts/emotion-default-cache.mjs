// Vite plugin: emotion's default cache (the one MUI's styles go into, since the app has no
// CacheProvider: ADR 0025) rewrites physical sides to logical ones as it inserts a style
// (src/theme/logical-properties.ts), so MUI's components mirror with `<html dir="rtl">` (issue
// 42). stylis's prefixer, the default's only plugin, is kept after it. The build fails if emotion
// reorganises the module, rather than ship styles that do not mirror.
import { fileURLToPath } from 'node:url'

const PLUGIN = fileURLToPath(new URL('../src/theme/logical-properties.ts', import.meta.url))
const FILE =
  /[\\/]@emotion[\\/]react[\\/]dist[\\/]emotion-element-[0-9a-f]+\.browser(\.development)?\.esm\.js$/
const DEFAULT_CACHE = /createCache\(\{\s*key: 'css'\s*\}\)/

/** The module's code with the plugins in its default cache, or null for any other module. */
export function patchDefaultCache(id, code) {
  if (!FILE.test(id)) return null
  if (!DEFAULT_CACHE.test(code))
    throw new Error(
      `${id} no longer creates its cache as expected: update scripts/emotion-default-cache.mjs`,
    )
  return (
    `import { logicalProperties as appLogicalProperties } from ${JSON.stringify(PLUGIN)};\n` +
    `import { prefixer as appPrefixer } from 'stylis';\n` +
    code.replace(
      DEFAULT_CACHE,
      "createCache({ key: 'css', stylisPlugins: [appLogicalProperties, appPrefixer] })",
    )
  )
}

/** @returns {import('vite').Plugin} */
export function emotionDefaultCache() {
  return {
    name: 'emotion-default-cache',
    enforce: 'pre',
    transform(code, id) {
      const patched = patchDefaultCache(id, code)
      return patched === null ? null : { code: patched, map: null }
    },
  }
}
