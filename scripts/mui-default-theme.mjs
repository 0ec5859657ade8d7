// Vite plugin: MUI's default theme is ours. MUI's components read the theme from a ThemeProvider
// and fall back to `@mui/material/styles/defaultTheme`, a `createTheme()` with MUI's options.
// Built from src/theme/theme-options.ts instead, it themes every MUI component without a
// provider at the root, so the first screen, which has no MUI component, loads none of MUI's
// styling runtime (ADR 0025). Box builds its own default theme and is pointed at the same one.
// The build fails if MUI reorganises either file, rather than ship MUI's look.
import { fileURLToPath } from 'node:url'

const OPTIONS = fileURLToPath(new URL('../src/theme/theme-options.ts', import.meta.url))
const MUI_DEFAULT = 'const defaultTheme = createTheme();'

const PATCHES = [
  {
    file: /[\\/]@mui[\\/]material[\\/]styles[\\/]defaultTheme\.mjs$/,
    code: `import { themeOptions as appThemeOptions } from ${JSON.stringify(OPTIONS)};\nconst defaultTheme = createTheme(appThemeOptions);`,
  },
  {
    file: /[\\/]@mui[\\/]material[\\/]Box[\\/]Box\.mjs$/,
    code: 'import appDefaultTheme from "../styles/defaultTheme.mjs";\nconst defaultTheme = appDefaultTheme;',
  },
]

/** The module's code with MUI's default theme replaced, or null for any other module. */
export function patchDefaultTheme(id, code) {
  const patch = PATCHES.find(({ file }) => file.test(id))
  if (!patch) return null
  if (!code.includes(MUI_DEFAULT))
    throw new Error(`${id} no longer has \`${MUI_DEFAULT}\`: update scripts/mui-default-theme.mjs`)
  return code.replace(MUI_DEFAULT, patch.code)
}

/** @returns {import('vite').Plugin} */
export function muiDefaultTheme() {
  return {
    name: 'mui-default-theme',
    enforce: 'pre',
    transform(code, id) {
      const patched = patchDefaultTheme(id, code)
      return patched === null ? null : { code: patched, map: null }
    },
  }
}
