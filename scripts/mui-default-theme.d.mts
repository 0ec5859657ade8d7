import type { Plugin } from 'vite'

/** The module's code with MUI's default theme replaced by the app's, or null for any other. */
export function patchDefaultTheme(id: string, code: string): string | null

/** Vite plugin: MUI's default theme (and Box's) is built from src/theme/theme-options.ts. */
export function muiDefaultTheme(): Plugin
