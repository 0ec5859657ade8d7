import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { svgPaths } from '../../scripts/svg-paths.mjs'

// Vite's plugin context, as far as the plugin uses it.
const context = {
  error: (message: string): never => {
    throw new Error(message)
  },
}
type Hook = (this: typeof context, id: string) => string | null | Promise<string | null>
async function importPaths(plugin: ReturnType<typeof svgPaths>, source: string) {
  const id = await (plugin.resolveId as Hook).call(context, source)
  const code = await (plugin.load as Hook).call(context, String(id))
  return JSON.parse(String(code).replace('export default ', '')) as string[]
}

const fakeIcons = mkdtempSync(join(tmpdir(), 'svg-paths-'))
afterAll(() => rmSync(fakeIcons, { recursive: true, force: true }))

describe('svg-paths (Material icons as path data for src/ui/svg-icon)', () => {
  it("gives every path of an icon of @mui/icons-material, in the icon's order", async () => {
    const paths = await importPaths(
      svgPaths(),
      '@mui/icons-material/AccountCircleOutlined?svg-paths',
    )
    expect(paths).toHaveLength(2)
    expect(paths[0]).toMatch(/^M12 2C6\.48 2 2 6\.48/)
    expect(paths[1]).toMatch(/^M12 6c-1\.93 0/)
  })

  it('refuses a name that is not an icon of the package', async () => {
    for (const source of [
      '@mui/icons-material/NoSuchIcon?svg-paths',
      '@mui/icons-material/Home.mjs?svg-paths',
      '@mui/material/Button?svg-paths',
    ])
      await expect(importPaths(svgPaths(), source)).rejects.toThrow(/not an icon/)
  })

  it("draws a circle as two arcs of the circle's radius around its centre", async () => {
    const paths = await importPaths(svgPaths(), '@mui/icons-material/SelfImprovement?svg-paths')
    expect(paths).toHaveLength(2)
    // MUI's head: <circle cx="12" cy="6" r="2">.
    expect(paths[0]).toBe('M10 6a2 2 0 1 0 4 0a2 2 0 1 0 -4 0')
    expect(paths[1]).toMatch(/^M21 16v-2c-2\.24/)
  })

  it('refuses an icon with any other shape, which it would draw incompletely', async () => {
    writeFileSync(
      join(fakeIcons, 'Oval.mjs'),
      'export default createSvgIcon([_jsx("path", {\n  d: "M0 0h24v24H0z"\n}, "0"), _jsx("ellipse", {\n  cx: "12", cy: "12", rx: "4", ry: "2"\n}, "1")], "Oval");',
    )
    const plugin = svgPaths({ iconsDir: fakeIcons })
    await expect(importPaths(plugin, '@mui/icons-material/Oval?svg-paths')).rejects.toThrow(
      /only icons drawn with plain paths and circles/,
    )
  })

  it('leaves every other import to Vite', async () => {
    const plugin = svgPaths()
    expect(await (plugin.resolveId as Hook).call(context, '/some/module.ts')).toBeNull()
    expect(await (plugin.load as Hook).call(context, '/some/module.ts')).toBeNull()
  })
})
