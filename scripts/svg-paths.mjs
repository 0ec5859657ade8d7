// Vite plugin: `import paths from '@mui/icons-material/Home?svg-paths'` gives the icon's SVG
// path data (a string array) instead of MUI's component. The first screen draws Material icons
// through src/ui/svg-icon.tsx without MUI's SvgIcon and styling runtime (ADR 0025); the icon
// set, and so every icon's look, stays MUI's own.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const QUERY = '?svg-paths'
const PACKAGE = '@mui/icons-material/'
// A virtual id named for the import, not the file: Vitest hands any id under node_modules to
// Node, which would load MUI's component instead.
const PREFIX = '\0svg-paths:'
// Each shape of the icon, in order: a path's data, or a circle's centre and radius.
const SHAPE =
  /_jsx\("(path|circle)", \{\s*(?:d: "([^"]+)"|cx: "([\d.]+)",\s*cy: "([\d.]+)",\s*r: "([\d.]+)")\s*\}/g

/** A circle as path data: two half-circle arcs from its left edge. */
const circlePath = (cx, cy, r) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`

const packageDir = () => dirname(createRequire(import.meta.url).resolve(`${PACKAGE}package.json`))

/**
 * @param {{ iconsDir?: string }} [options] where the icons' ES modules are (tests give their own)
 * @returns {import('vite').Plugin}
 */
export function svgPaths({ iconsDir = packageDir() } = {}) {
  return {
    name: 'svg-paths',
    enforce: 'pre',
    // The package's own ES module, read from disk: Vite's resolution would give the dev server's
    // pre-bundled copy, which is no longer MUI's source.
    resolveId(source) {
      if (!source.endsWith(QUERY)) return null
      const specifier = source.slice(0, -QUERY.length)
      const name = specifier.startsWith(PACKAGE) ? specifier.slice(PACKAGE.length) : ''
      if (!/^[A-Za-z0-9]+$/.test(name) || !existsSync(join(iconsDir, `${name}.mjs`)))
        this.error(`${source}: not an icon of ${PACKAGE}`)
      return `${PREFIX}${name}`
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null
      const file = join(iconsDir, `${id.slice(PREFIX.length)}.mjs`)
      const source = await readFile(file, 'utf8')
      const paths = [...source.matchAll(SHAPE)].map(
        ([, , d, cx, cy, r]) => d ?? circlePath(Number(cx), Number(cy), Number(r)),
      )
      // An icon with any other element or attribute (an ellipse, an opacity) would lose that part.
      const elements = source.match(/_jsx\("[a-z]+"/g) ?? []
      if (paths.length === 0 || elements.length !== paths.length)
        this.error(
          `${file}: only icons drawn with plain paths and circles can be imported with ${QUERY}`,
        )
      return `export default ${JSON.stringify(paths)}`
    },
  }
}
