import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { visualizer } from 'rollup-plugin-visualizer'
import { defineConfig } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { inlineStylesheet } from './scripts/inline-stylesheet.mjs'
import { emotionDefaultCache } from './scripts/emotion-default-cache.mjs'
import { muiDefaultTheme } from './scripts/mui-default-theme.mjs'
import { prerenderLanding } from './scripts/prerender-landing.mjs'
import { svgPaths } from './scripts/svg-paths.mjs'
import { themeStylesheet } from './scripts/theme-stylesheet.mjs'
import { zodJitless } from './scripts/zod-jitless.mjs'

// The manifest lives at the repo root (DESIGN §1); the PWA plugin emits it and links it.
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>

// Public build time, listed on /__env: Vite exposes VITE_* variables of process.env to the client.
process.env.VITE_BUILD_TIME ??= new Date().toISOString()

// Browser navigations that the server answers (spec 000 §7), although their paths start with
// /auth like the client's pages: email verification and the social sign-in starts.
const serverNavigations = /^\/auth\/(verify-email\?|(google|facebook)\/start\b)/

// Rolldown splits out every module set shared by a different set of lazy routes: 243 chunks,
// half of them under 2 KB. A cold wall loaded 150 files and every service-worker install
// fetched 252 (ADR 0018). Common chunks under 8 KB of source are copied into the chunks that
// use them instead: the wall loads 54 files (353 kB gzip against 360), the install 127 files
// (1.78 MB against 1.54 MB raw, the copies). `preserveEntrySignatures: false` is the option's
// requirement; no entry of the client build is imported for its exports.
// React and TanStack's query and router packages are one chunk ('framework', ADR 0042): split
// by importer they were 12 of the 32 files before the wall's first card, each a request queued
// on HTTP/1.1's six connections; together the wall loads 21 files and fewer bytes (183.5 kB
// gzip against 196.1). The landing's entry imports none of them and still loads 3 files.
const smallCommonChunksInlined = {
  preserveEntrySignatures: false as const,
  output: {
    codeSplitting: {
      experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
      groups: [
        {
          name: 'framework',
          test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query|router-core|react-router|history|store|react-store))[\\/]/,
        },
      ],
    },
  },
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    svgPaths(),
    muiDefaultTheme(),
    emotionDefaultCache(),
    themeStylesheet(),
    inlineStylesheet(),
    zodJitless(),
    // Emits landing.html while the bundle is generated, so VitePWA (which builds the service
    // worker when the bundle is written) precaches it.
    prerenderLanding(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // Each file precached once: the icons are globbed below and the plugin adds the manifest.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // The install dialog's screenshots are fetched by the browser only when it shows them;
        // the pseudo-locale is for development and tests, never a member's download.
        globIgnores: ['screenshots/**', 'assets/en-XA-*.js'],
        rollupFormat: 'es',
      },
      devOptions: { enabled: false },
    }),
    // `npm run bench:treemap`: where the client's bytes go, gzip sizes per module (the client
    // build's: the landing's pre-render build would write over it).
    ...(process.env.BUNDLE_TREEMAP && !isSsrBuild
      ? [visualizer({ filename: '.tmp/treemap.html', template: 'treemap', gzipSize: true })]
      : []),
  ],
  // The dev server's pre-bundled MUI gets our default theme and emotion our default cache too.
  optimizeDeps: { rolldownOptions: { plugins: [muiDefaultTheme(), emotionDefaultCache()] } },
  // The landing's pre-render bundles MUI, so that its default theme is ours there as well.
  ssr: { noExternal: ['@mui/material'] },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/auth': {
        target: apiTarget,
        // Client routes under /auth (e.g. /auth/email) are pages; only API calls go to the server.
        bypass: (req) =>
          req.headers.accept?.includes('text/html') && !serverNavigations.test(req.url ?? '')
            ? req.url
            : undefined,
      },
      '/hub': { target: apiTarget, ws: true },
      '/__dev': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads which chunks a page needs from it, to preload them with the page
    // (server/plugins/first-page-preload.ts).
    manifest: !isSsrBuild,
    // One stylesheet, written into index.html and so into the pre-rendered landing too
    // (scripts/inline-stylesheet.mjs): the light components' CSS modules (src/ui, ADR 0025) are a
    // few kB, and a page must never paint before the CSS of markup it already holds (the
    // landing's, which its entry does not load).
    cssCodeSplit: false,
    rolldownOptions: {
      // The pre-rendered landing page has its own small entry (src/landing.ts): it starts the
      // app (index.html's entry) only when the visitor heads into it (issue 18).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./src/landing.ts', import.meta.url)),
      },
      // The client build only: the nested build that pre-renders the landing needs its entry's
      // exports (scripts/prerender-landing.mjs).
      ...(isSsrBuild ? {} : smallCommonChunksInlined),
    },
  },
}))
