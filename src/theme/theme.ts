import { createTheme } from '@mui/material/styles'
import { themeOptions } from './theme-options'

/**
 * The app's MUI theme, for code that needs the object: tests' ThemeProviders and the build's
 * stylesheet (theme-stylesheet.ts). The app's MUI components get the same theme as MUI's default
 * (scripts/mui-default-theme.mjs, ADR 0025).
 */
export const theme = createTheme(themeOptions)
