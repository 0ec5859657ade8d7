import type { Plugin } from 'vite'

/** Vite plugin: zod's config module sets `jitless` as it loads (browser builds only). */
export function zodJitless(): Plugin
