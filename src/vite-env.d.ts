/// <reference types="@testing-library/jest-dom/vitest" />

// Public build variables (the only env the client can see; listed on /__env).
interface ImportMetaEnv {
  /** API origin; empty or unset = same origin. */
  readonly VITE_API_URL?: string
  /** Notifications service origin (REST + hub); unset = the API's. */
  readonly VITE_NOTIFICATIONS_URL?: string
  /** ISO time of the build, set by vite.config.ts. */
  readonly VITE_BUILD_TIME?: string
}

// A Material icon's SVG path data (scripts/svg-paths.mjs), drawn by src/ui/svg-icon.tsx.
declare module '*?svg-paths' {
  const paths: readonly string[]
  export default paths
}
