// Build-time only (scripts/theme-stylesheet.mjs): the theme's CSS as one stylesheet, so a page
// is styled before any script runs and the first screen needs none of MUI's runtime (ADR 0025).
import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { theme } from './theme'

// Emotion renders the global styles it inserts as <style data-emotion="css-global …"> tags.
const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>([^<]*)<\/style>/g

/** The theme's CSS variables for both colour schemes and MUI's baseline with our overrides. */
export function themeStylesheet(): string {
  const html = renderToString(
    createElement(
      ThemeProvider,
      { theme },
      createElement(CssBaseline, { enableColorScheme: true }),
    ),
  )
  const rules = [...html.matchAll(EMOTION_STYLE)].map((match) => match[1])
  if (rules.length === 0) throw new Error('the theme rendered no stylesheet')
  return rules.join('\n')
}
