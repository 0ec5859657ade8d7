import type { Plugin } from 'vite'

/** Vite plugin: `@mui/icons-material/X?svg-paths` imports the icon's SVG path data. */
export function svgPaths(options?: { iconsDir?: string }): Plugin
