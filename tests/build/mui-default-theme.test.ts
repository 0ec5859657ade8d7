import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { patchDefaultTheme } from '../../scripts/mui-default-theme.mjs'

const mui = dirname(createRequire(import.meta.url).resolve('@mui/material/package.json'))
const read = (file: string) => readFileSync(join(mui, file), 'utf8')

// MUI's components fall back to MUI's default theme without a ThemeProvider; the build makes
// that theme ours (ADR 0025). These read the installed MUI, so an upgrade that moves the default
// theme fails here rather than shipping MUI's colours.
describe('MUI default theme (scripts/mui-default-theme.mjs)', () => {
  it("builds MUI's default theme from the app's theme options", () => {
    const id = join(mui, 'styles/defaultTheme.mjs')
    const patched = patchDefaultTheme(id, read('styles/defaultTheme.mjs'))
    expect(patched).toMatch(
      /import \{ themeOptions as appThemeOptions \} from ".*src\/theme\/theme-options\.ts"/,
    )
    expect(patched).toContain('const defaultTheme = createTheme(appThemeOptions);')
    expect(patched).not.toContain('createTheme();')
  })

  it('points Box, which builds a default theme of its own, at the same theme', () => {
    const id = join(mui, 'Box/Box.mjs')
    const patched = patchDefaultTheme(id, read('Box/Box.mjs'))
    expect(patched).toContain('import appDefaultTheme from "../styles/defaultTheme.mjs";')
    expect(patched).not.toContain('createTheme();')
  })

  it('fails the build when MUI no longer builds its default theme where expected', () => {
    const id = join(mui, 'styles/defaultTheme.mjs')
    expect(() => patchDefaultTheme(id, 'export default makeTheme();')).toThrow(/update scripts/)
  })

  it('leaves every other module alone', () => {
    const id = join(mui, 'Button/Button.mjs')
    expect(patchDefaultTheme(id, read('Button/Button.mjs'))).toBeNull()
  })
})
