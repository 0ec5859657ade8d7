import type { Plugin } from 'vite'

/** index.html with each linked stylesheet of the bundle written in as a <style>. */
export function inlineStylesheets(html: string, cssOf: (file: string) => string | undefined): string

/** Vite plugin: the client's stylesheet is written into index.html instead of linked. */
export function inlineStylesheet(): Plugin
