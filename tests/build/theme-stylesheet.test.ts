import { describe, expect, it } from 'vitest'
import { themeStylesheet } from '../../src/theme/theme-stylesheet'

// index.html carries this stylesheet (scripts/theme-stylesheet.mjs): the first screen's light
// components and MUI's, which have no ThemeProvider, read the theme from it (ADR 0025).
describe("the theme's stylesheet", () => {
  const css = themeStylesheet()

  it("holds the theme's colours as CSS variables, the dark scheme's under the media query", () => {
    expect(css).toMatch(/:root\{[^}]*--mui-palette-primary-main:#353A85;/)
    const dark = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'))
    expect(dark).toMatch(/--mui-palette-primary-main:#AEB6FF;/)
    expect(dark).toMatch(/--mui-palette-background-default:#0D1326;/)
  })

  it("holds MUI's baseline with the theme's own rules", () => {
    expect(css).toMatch(/body\{margin:0;color:var\(--mui-palette-text-primary\)/)
    expect(css).toMatch(/:focus-visible\{outline:3px solid var\(--mui-palette-secondary-main\)/)
    expect(css).toContain('color-scheme:light')
  })
})
