// Vite plugin for the page build: zod runs jitless from its first line. zod 4 probes
// `new Function` when the first object schema is created; our CSP has no 'unsafe-eval', so the
// probe is refused and Chromium reports a CSP violation on every page (Lighthouse best
// practices). `z.config({ jitless: true })` skips the probe, but only if it runs before any
// schema is created, and the bundler is free to order shared chunks so that a call from
// main.tsx (or any first import) runs too late. So the call goes into zod's own config module,
// which every schema depends on. The server keeps zod's faster JIT parsers; the service worker
// only uses zod/mini, whose objects never probe.

// The module that owns zod's global config (`globalThis.__zod_globalConfig` and `config()`).
const CONFIG_MODULE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/

/** @returns {import('vite').Plugin} */
export function zodJitless() {
  let configured = false
  return {
    name: 'zod-jitless',
    // Not the landing's server-side pre-render: that runs in Node, where JIT is allowed.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transform: {
      filter: { id: CONFIG_MODULE },
      handler(code, id) {
        // Fail the build rather than ship the CSP violation again if zod reorganises its core.
        if (!code.includes('export function config(')) {
          this.error(`${id} no longer defines config(): update scripts/zod-jitless.mjs`)
        }
        configured = true
        return { code: `${code}\nconfig({ jitless: true });\n`, map: null }
      },
    },
    buildEnd(error) {
      // Every browser bundle here uses zod; a bundle where the module was not seen means the
      // path above no longer matches.
      if (!error && !configured)
        this.error(`zod's config module (${CONFIG_MODULE}) was not bundled`)
    },
  }
}
