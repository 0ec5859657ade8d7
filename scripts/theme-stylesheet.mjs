// Vite plugin: the theme's CSS variables and MUI's baseline (src/theme/theme-stylesheet.ts) as a
// <style> in index.html, and so in the pre-rendered landing built from it. Pages are styled
// before any script runs, and the first screen's light components (src/ui, ADR 0025) read the
// theme's variables without MUI's ThemeProvider having to load.
import { runnerImport } from 'vite'

const MODULE = '/src/theme/theme-stylesheet.ts'

/** @returns {import('vite').Plugin} */
export function themeStylesheet() {
  /** @type {Promise<string> | undefined} */
  let stylesheet
  /** @type {string} */
  let root
  const render = async () => {
    const { module } = await runnerImport(`${root}${MODULE}`, {
      configFile: false,
      logLevel: 'error',
    })
    return /** @type {{ themeStylesheet: () => string }} */ (module).themeStylesheet()
  }
  return {
    name: 'theme-stylesheet',
    configResolved(config) {
      root = config.root
    },
    // The dev server renders it again when the theme changes.
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(`${root}/src/theme/`)) return
      stylesheet = undefined
      server.ws.send({ type: 'full-reload' })
    },
    async transformIndexHtml() {
      stylesheet ??= render()
      return [
        { tag: 'style', attrs: { 'data-theme': '' }, children: await stylesheet, injectTo: 'head' },
      ]
    },
  }
}
