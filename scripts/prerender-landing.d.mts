import type { Plugin } from 'vite'

/** The built index.html with the rendered landing in #root and emotion's styles in <head>. */
export function landingPage(shell: string, rendered: string): string
/** Vite plugin: emits landing.html, `/` rendered at build time (client build only). */
export function prerenderLanding(): Plugin
