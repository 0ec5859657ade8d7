// Vite plugin for the client build: renders `/` at build time into dist/client/landing.html, the
// page the server and the service worker send for `/` exactly. The landing then paints from
// HTML and inline CSS alone and main.tsx hydrates it; every other route keeps the empty shell
// (index.html) so it never flashes the landing page (issue 2: LCP, TBT, Lighthouse >= 95).
import { join } from 'node:path'
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
        this.emitFile({ type: 'asset', fileName: 'landing.html', source: landingPage(shell.source, rendered) })
      },
    },
  }
}
