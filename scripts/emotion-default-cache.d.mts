import type { Plugin } from 'vite'

/** emotion's module with logical sides in its default cache, or null for any other module. */
export function patchDefaultCache(id: string, code: string): string | null

/** Vite plugin: emotion's default cache writes MUI's physical sides as logical ones. */
export function emotionDefaultCache(): Plugin
