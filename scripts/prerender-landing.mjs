// Vite plugin for the client build: renders `/` at build time into dist/client/landing.html, the
// page the server and the service worker send for `/` exactly. The landing then paints from
// HTML and inline CSS alone; its own small entry (src/landing.ts) starts the app, which hydrates
// it, only when the visitor heads into the app (issue 18); every other route keeps index.html's
// boot frame (the bar alone) so it never flashes the landing page (issue 2: LCP, TBT, Lighthouse
// >= 95).
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { z } from 'zod'

const ENTRY = 'src/prerender-landing.tsx'
// #root, empty or holding the app's boot frame (index.html: one element in a `data-boot` one),
// which the landing's markup replaces.
const ROOT_ELEMENT = /<div id="root">(<div data-boot[^>]*>.*?<\/div><\/div>)?<\/div>/
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
  if (!ROOT_ELEMENT.test(shell)) throw new Error('index.html has no #root, empty or with its boot frame')
  const styles = rendered.match(EMOTION_STYLE) ?? []
  const markup = rendered.replace(EMOTION_STYLE, '')
  if (/<script|<style/.test(markup)) throw new Error('unexpected script or style left in the landing markup')
  // The CSP allows inline stylesheets by hash but no style="" attribute (ADR 0033).
  if (/<[^>]+\sstyle=/.test(markup)) throw new Error('a style attribute in the landing markup, which the CSP blocks')
  return shell
    .replace('</head>', `${styles.join('')}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`)
}

// Vite's tags for index.html's entry: the module script and the preloads of what it imports.
const ENTRY_SCRIPT = /<script type="module" crossorigin src="[^"]*"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]*">/g

/**
 * The shell with the app's entry (and its preloads) swapped for the landing's own small entry
 * (src/landing.ts), which loads the app only when the visitor heads into it (issue 18).
 * @param {string} shell index.html as built
 * @param {string} script URL of the landing entry
 * @param {string[]} preloads URLs of the chunks the landing entry imports
 */
export function withLandingEntry(shell, script, preloads) {
  if (!ENTRY_SCRIPT.test(shell)) throw new Error('index.html has no module script')
  const tags = [
    `<script type="module" crossorigin src="${script}"></script>`,
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
  ]
  return shell.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, tags.join(''))
}

/**
 * The landing entry's chunk and the chunks it imports statically (which the browser would
 * otherwise find one by one).
 * @param {import('vite').Rolldown.OutputBundle} bundle
 * @returns {{ entry: string, imports: string[] }}
 */
function landingEntryFiles(bundle) {
  const entry = Object.values(bundle).find(
    (chunk) => chunk.type === 'chunk' && chunk.isEntry && /[\\/]src[\\/]landing\.ts$/.test(chunk.facadeModuleId ?? ''),
  )
  if (entry?.type !== 'chunk') throw new Error('the build has no src/landing.ts entry')
  const imports = new Set()
  const add = (fileName) => {
    if (imports.has(fileName)) return
    imports.add(fileName)
    const chunk = bundle[fileName]
    if (chunk?.type === 'chunk') chunk.imports.forEach(add)
  }
  entry.imports.forEach(add)
  return { entry: entry.fileName, imports: [...imports] }
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
        const { entry, imports } = landingEntryFiles(bundle)
        const html = withLandingEntry(
          shell.source,
          `${config.base}${entry}`,
          imports.map((file) => `${config.base}${file}`),
        )
        this.emitFile({ type: 'asset', fileName: 'landing.html', source: landingPage(html, rendered) })
      },
    },
  }
}
