import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// The built pages carry their stylesheets inline (ADR 0025): index.html's own rules, the theme's
// (scripts/theme-stylesheet.mjs), the app's one stylesheet (scripts/inline-stylesheet.mjs), and
// in landing.html emotion's per-component rules of the pre-render (scripts/prerender-landing.mjs).
// The CSP allows exactly these by their hashes (ADR 0033), read from the very files served.
const PAGES = ['index.html', 'landing.html']
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style>/g

/** A CSP source for a <style> element's text. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`
}

/** The hash of each distinct inline stylesheet of the built pages; none without a build. */
export function inlineStyleHashes(clientDir: string | null): string[] {
  if (!clientDir) return []
  const hashes = new Set<string>()
  for (const page of PAGES) {
    const path = join(clientDir, page)
    if (!existsSync(path)) continue
    for (const [, css] of readFileSync(path, 'utf8').matchAll(STYLE_ELEMENT))
      hashes.add(styleHash(css!))
  }
  return [...hashes]
}
