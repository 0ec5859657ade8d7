import type { Plugin } from 'vite'

/** The built index.html with the rendered landing in #root and emotion's styles in <head>. */
export function landingPage(shell: string, rendered: string): string
/** The shell with the app's entry and preloads swapped for the landing's own entry (issue 18). */
export function withLandingEntry(shell: string, script: string, preloads: string[]): string
/** Vite plugin: emits landing.html, `/` rendered at build time (client build only). */
export function prerenderLanding(): Plugin
