// The theme's options, with no MUI code: MUI's own default theme is built from them
// (scripts/mui-default-theme.mjs), so MUI's components are themed without a ThemeProvider and
// the first screen loads none of MUI's runtime (ADR 0025). `theme.ts` builds the same theme for
// the code that needs the object (tests' providers, the build's stylesheet).
import type { createTheme } from '@mui/material/styles'

export type AppThemeOptions = NonNullable<Parameters<typeof createTheme>[0]>

// System font stacks only: no web font is downloaded, so text paints at once and never
// shifts when a font arrives (landing budget: Lighthouse mobile ≥ 95, CLS < 0.05).
const serif =
  '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Times New Roman", serif'
const sans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif'

const heading = { fontFamily: serif, fontWeight: 600, letterSpacing: 0 }

const thumbTarget = { minWidth: 44, minHeight: 44 }

// Every text colour below keeps WCAG AA contrast (≥ 4.5:1) on both its background and paper.
export const themeOptions: AppThemeOptions = {
  // 'media' switches palettes with prefers-color-scheme in CSS alone: no script, no flash.
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#353A85', contrastText: '#FFFFFF' },
        secondary: { main: '#7A5C16', contrastText: '#FFFFFF' },
        background: { default: '#FBF8F1', paper: '#FFFDF8' },
        text: { primary: '#262236', secondary: '#575266' },
        divider: 'rgba(53, 58, 133, 0.14)',
      },
    },
    dark: {
      palette: {
        primary: { main: '#AEB6FF', contrastText: '#0D1326' },
        secondary: { main: '#D9B560', contrastText: '#0D1326' },
        // MUI's dark error (#f44336) under white text is 3.7:1; a light red under the page's
        // ink reads at AA on buttons and chips (moderation's Remove, crisis chips).
        error: { main: '#FFB4AB', contrastText: '#0D1326' },
        background: { default: '#0D1326', paper: '#151C35' },
        text: { primary: '#EEE9DD', secondary: '#BDB8CB' },
        divider: 'rgba(174, 182, 255, 0.16)',
      },
    },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: sans,
    h1: { ...heading, fontSize: 'clamp(2.1rem, 1.4rem + 3vw, 3.4rem)', lineHeight: 1.15 },
    h2: { ...heading, fontSize: 'clamp(1.6rem, 1.3rem + 1.4vw, 2.2rem)', lineHeight: 1.2 },
    h3: { ...heading, fontSize: '1.35rem', lineHeight: 1.3 },
    h4: { ...heading, fontSize: '1.2rem' },
    h5: heading,
    h6: heading,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: (theme) => ({
        html: { scrollBehavior: 'smooth' },
        // Anchored sections (#about, #contact) must not hide under the sticky header.
        'section[id]': { scrollMarginTop: theme.spacing(10) },
        // A focus ring that is visible on every surface, in both schemes.
        ':focus-visible': {
          outline: `3px solid ${theme.vars.palette.secondary.main}`,
          outlineOffset: 2,
        },
        // Installed, controls behave like an app's (issue 17): a long press on a button or tab
        // does not select its label or open the link callout. Text stays selectable.
        '@media (display-mode: standalone)': {
          'button, [role="button"], [role="tab"], [role="menuitem"], nav a': {
            userSelect: 'none',
            WebkitUserSelect: 'none',
            WebkitTouchCallout: 'none',
          },
        },
        body: { WebkitTapHighlightColor: 'transparent' },
      }),
    },
    // Issue 17: on phones a dialog is a full-screen sheet (its actions always reachable, no
    // half-hidden form under the keyboard). A dialog whose backdrop means something (the timed
    // prayer: tapping outside cancels) marks its paper data-keep-size.
    MuiDialog: {
      styleOverrides: {
        paper: ({ theme }) => ({
          [theme.breakpoints.down('sm')]: {
            '&:not([data-keep-size])': {
              margin: 0,
              width: '100%',
              maxWidth: '100%',
              height: '100%',
              maxHeight: '100%',
              borderRadius: 0,
              paddingTop: 'env(safe-area-inset-top)',
              paddingBottom: 'env(safe-area-inset-bottom)',
            },
          },
        }),
      },
    },
    // ButtonBase resets `outline`; restore the same ring for keyboard focus on every button,
    // link-button, tab and menu item (the ripple alone is too faint to see).
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': {
            outline: `3px solid ${theme.vars.palette.secondary.main}`,
            outlineOffset: 2,
          },
        }),
      },
    },
    // Issue 17: on phones every control is a thumb target of at least 44×44 px (WCAG 2.5.5).
    // Flat buttons, as `disableElevation` would make them: without a ThemeProvider MUI applies a
    // theme's styles but not its default props.
    MuiButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          boxShadow: 'none',
          '&:hover, &:active, &.Mui-focusVisible': { boxShadow: 'none' },
          [theme.breakpoints.down('sm')]: thumbTarget,
        }),
      },
    },
    MuiIconButton: {
      styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: thumbTarget }) },
    },
    MuiRadio: {
      styleOverrides: {
        root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { padding: 10 } }),
      },
    },
    MuiToggleButton: {
      styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: thumbTarget }) },
    },
    MuiFormControlLabel: {
      styleOverrides: {
        root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 44 } }),
      },
    },
    MuiCheckbox: {
      styleOverrides: {
        // A small checkbox (notification rows) is 40 px with this padding: the floor keeps 44.
        root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { padding: 10, ...thumbTarget } }),
      },
    },
    // Links inside running text must not rely on colour alone (WCAG 1.4.1, axe link-in-text-block):
    // MUI's Link is underlined by default (`underline="always"`). On phones a link that stands
    // alone (a flex item, a button-link) is a 44 px target too; min-height is ignored by inline
    // boxes, so links inside sentences keep the line's height.
    MuiLink: {
      styleOverrides: {
        root: ({ theme }) => ({
          [theme.breakpoints.down('sm')]: { minHeight: 44, alignContent: 'center' },
        }),
      },
    },
  },
}
