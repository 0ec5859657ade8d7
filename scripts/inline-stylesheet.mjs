// Vite plugin for the client build: the app's one stylesheet (`cssCodeSplit: false`, ADR 0025)
// is written into index.html, and so into the pre-rendered landing built from it, instead of
// linked. A linked stylesheet blocks the first paint for a round trip (on a phone's link the
// boot frame painted ~0.8 s later); inline it costs ~4.6 kB gzip of HTML, which the service
// worker precaches like the file it replaces.
const LINK = /<link rel="stylesheet"(?: crossorigin)? href="[^"]*?\/?(assets\/[^"]+\.css)">/g

/**
 * index.html with each linked stylesheet of the bundle written in as a <style>.
 * @param {string} html
 * @param {(file: string) => string | undefined} cssOf the stylesheet's text, by its file name
 */
export function inlineStylesheets(html, cssOf) {
  return html.replace(LINK, (link, file) => {
    const css = cssOf(file)
    if (css === undefined)
      throw new Error(`${file} is linked from index.html but not in the bundle`)
    if (css.includes('</style')) throw new Error(`${file} cannot be written inside a <style>`)
    return `<style>${css}</style>`
  })
}

/** @returns {import('vite').Plugin} */
export function inlineStylesheet() {
  return {
    name: 'inline-stylesheet',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      // After Vite's HTML plugin has emitted index.html, and before the landing's pre-render
      // (also 'post', later in vite.config.ts), which builds landing.html from it.
      order: 'post',
      handler(_options, bundle) {
        const shell = bundle['index.html']
        // vite-plugin-pwa builds the service worker with this config too: nothing to do there.
        if (!shell) return
        if (shell.type !== 'asset' || typeof shell.source !== 'string')
          this.error('index.html is not text')
        const inlined = new Set()
        shell.source = inlineStylesheets(shell.source, (file) => {
          const asset = bundle[file]
          if (asset?.type !== 'asset') return undefined
          inlined.add(file)
          return String(asset.source).replace(/\/\*\$vite\$:\d+\*\/\s*$/, '')
        })
        for (const file of inlined) delete bundle[file]
      },
    },
  }
}
