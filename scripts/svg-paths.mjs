// Vite plugin: `import paths from '@mui/icons-material/Home.mjs?svg-paths'` gives the icon's SVG
// path data (a string array) instead of MUI's component. The first screen draws Material icons
// through src/ui/svg-icon.tsx without MUI's SvgIcon and styling runtime (ADR 0025); the icon
// set, and so every icon's look, stays MUI's own.
import { readFile } from 'node:fs/promises'

const QUERY = '?svg-paths'
const PATH_DATA = /_jsx\("path", \{\s*d: "([^"]+)"/g

/** @returns {import('vite').Plugin} */
export function svgPaths() {
  return {
    name: 'svg-paths',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true })
      return resolved && `${resolved.id}${QUERY}`
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return null
      const file = id.slice(0, -QUERY.length)
      const source = await readFile(file, 'utf8')
      const paths = [...source.matchAll(PATH_DATA)].map((match) => match[1])
      // An icon drawn with anything but paths (a circle, an opacity) would lose that part.
      const elements = source.match(/_jsx\("[a-z]+"/g) ?? []
      if (paths.length === 0 || elements.length !== paths.length)
        this.error(`${file}: only icons drawn with plain paths can be imported with ${QUERY}`)
      return `export default ${JSON.stringify(paths)}`
    },
  }
}
