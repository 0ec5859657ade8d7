// Vite plugin for the client build: renders `/` at build time into dist/client/landing.html, the
// page the server and the service worker send for `/` exactly. The landing then paints from
// HTML and inline CSS alone and main.tsx hydrates it; every other route keeps the empty shell
// (index.html) so it never flashes the landing page (issue 2: LCP, TBT, Lighthouse >= 95).
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { z } from 'zod'

const ENTRY = 'src/prerender-landing.tsx'
const ROOT_ELEMENT = '<div id="root"></div>'
// Emotion renders each component's CSS as a <style data-emotion="css …"> just before its markup.
const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>[^<]*<\/style>/g

const PrerenderModuleSchema = z.object({
  renderLanding: z.custom((value) => typeof value === 'function'),
})

/**
 * The shell with the rendered landing in #root and emotion's style tags moved to <head>, where
 * emotion's browser cache finds and adopts them.
 * @param {string} shell index.html as built
 * @param {string} rendered renderToString output
 */
export function landingPage(shell, rendered) {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`)
  const styles = rendered.match(EMOTION_STYLE) ?? []
  const markup = rendered.replace(EMOTION_STYLE, '')
  if (/<script|<style/.test(markup)) throw new Error('unexpected script or style left in the landing markup')
  return shell
    .replace('</head>', `${styles.join('')}</head>`)
    .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`)
}

// The `/` route file (under pathless `_layout` folders), as bench/bundle.mjs finds it.
const LANDING_ROUTE = /^src\/routes\/(?:_[^/]+\/)*index\.tsx$/

/**
 * The JS files of the landing route and its layouts, which the router fetches only once the
 * entry has run: preloading them saves a round trip before hydration.
 * @param {import('vite').Rolldown.OutputBundle} bundle
 * @param {string} root
 */
function landingRouteFiles(bundle, root) {
  /** @type {Map<string, import('vite').Rolldown.OutputChunk>} */
  const routes = new Map()
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isDynamicEntry || !chunk.facadeModuleId) continue
    routes.set(relative(root, chunk.facadeModuleId.replace(/\?.*$/, '')), chunk)
  }
  const index = [...routes.keys()].find((source) => LANDING_ROUTE.test(source))
  if (!index) return []
  const segments = index.split('/').slice(2, -1)
  const sources = [index, ...segments.map((_, i) => `src/routes/${segments.slice(0, i + 1).join('/')}.tsx`)]
  const files = new Set()
  const add = (fileName) => {
    if (files.has(fileName)) return
    files.add(fileName)
    const chunk = bundle[fileName]
    if (chunk?.type === 'chunk') chunk.imports.forEach(add)
  }
  for (const source of sources) {
    const chunk = routes.get(source)
    if (chunk) add(chunk.fileName)
  }
  return [...files]
}

/** @returns {import('vite').Plugin} */
export function prerenderLanding() {
  /** @type {import('vite').ResolvedConfig} */
  let config
  return {
    name: 'prerender-landing',
    // The nested server build below loads this same config: it must not recurse.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved
    },
    generateBundle: {
      // After Vite's HTML plugin has emitted index.html with its hashed script tags.
      order: 'post',
      async handler(_options, bundle) {
        const shell = bundle['index.html']
        // vite-plugin-pwa builds the service worker with this config too: nothing to do there.
        if (!shell) return
        if (shell.type !== 'asset' || typeof shell.source !== 'string') this.error('index.html is not text')
        const outDir = join(config.cacheDir, 'prerender')
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: ENTRY, outDir, emptyOutDir: true, sourcemap: false, manifest: false, copyPublicDir: false },
        })
        const url = `${pathToFileURL(join(outDir, 'prerender-landing.js')).href}?t=${Date.now()}`
        const { renderLanding } = PrerenderModuleSchema.parse(await import(url))
        const rendered = z.string().parse(await renderLanding())
        const html = shell.source
        const preloads = landingRouteFiles(bundle, config.root)
          .filter((file) => !html.includes(`${config.base}${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="${config.base}${file}">`)
        const withPreloads = html.replace('</head>', `${preloads.join('')}</head>`)
        this.emitFile({ type: 'asset', fileName: 'landing.html', source: landingPage(withPreloads, rendered) })
      },
    },
  }
}
