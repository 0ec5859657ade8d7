import { describe, expect, it } from 'vitest'
import { landingPage, withLandingEntry } from '../../scripts/prerender-landing.mjs'
import { renderLanding } from '../../src/prerender-landing'

// The build renders `/` into landing.html (scripts/prerender-landing.mjs): what a visitor sees
// before any script runs, and what the browser then hydrates.
describe('the pre-rendered landing page', () => {
  it('holds the landing content a visitor sees first, with no script the CSP would block', async () => {
    const html = await renderLanding()
    expect(html).toContain('A safe, reverent space to pray together')
    expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>Log in<\/a>/)
    expect(html).toContain('id="about"')
    // Every message in English, none as its id (the About section's sentence has an id of its own).
    expect(html).toContain('is a place for people of faith to carry one another in prayer')
    expect(html).not.toContain('About the community (landing)')
    expect(html).not.toContain('<script')
    // The CSP allows no style="" attribute (issue 37).
    expect(html).not.toMatch(/<[^>]+\sstyle=/)
    // A boundary React gave up on server-side is rendered again in the browser (error 419).
    expect(html).not.toContain('<!--$!-->')
  }, 60_000)

  it('moves emotion styles into <head> and the markup into #root of the built shell', () => {
    const shell =
      '<html><head><title>x</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>'
    const rendered =
      '<style data-emotion="css-global a1">:root{--x:1}</style><style data-emotion="css b2">.css-b2{color:red}</style><h1 class="css-b2">Hi</h1>'
    expect(landingPage(shell, rendered)).toBe(
      '<html><head><title>x</title><style data-emotion="css-global a1">:root{--x:1}</style>' +
        '<style data-emotion="css b2">.css-b2{color:red}</style></head><body><div id="root"><h1 class="css-b2">Hi</h1></div>' +
        '<script type="module" src="/a.js"></script></body></html>',
    )
  })

  it('loads only the landing entry, not the app with its preloads (issue 18)', () => {
    const shell =
      '<html><head><title>x</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '\n    <link rel="modulepreload" crossorigin href="/assets/react-dom-2.js">' +
      '\n    <link rel="modulepreload" crossorigin href="/assets/router-3.js">' +
      '\n  <link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>'
    expect(withLandingEntry(shell, '/assets/landing-4.js', ['/assets/sw-updates-5.js'])).toBe(
      '<html><head><title>x</title>\n    <script type="module" crossorigin src="/assets/landing-4.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/sw-updates-5.js">' +
        '\n  <link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
    )
    expect(() => withLandingEntry('<html><head></head></html>', '/a.js', [])).toThrow(
      /module script/,
    )
  })

  it('replaces the app’s boot frame in #root with the landing', () => {
    const shell =
      '<body><div id="root"><div data-boot aria-hidden="true"><div class="boot-bar">Prayer Community</div></div></div>\n<noscript>x</noscript></body>'
    expect(landingPage(`<head></head>${shell}`, '<h1>Hi</h1>')).toBe(
      '<head></head><body><div id="root"><h1>Hi</h1></div>\n<noscript>x</noscript></body>',
    )
  })

  it('refuses markup with a style attribute, which the CSP would block (issue 37)', () => {
    const shell = '<html><head></head><body><div id="root"></div></body></html>'
    expect(() => landingPage(shell, '<h1 style="color:red">Hi</h1>')).toThrow(/style attribute/)
  })

  it('refuses a shell without an empty #root', () => {
    expect(() => landingPage('<html><head></head><body></body></html>', '<h1>Hi</h1>')).toThrow(
      /#?root/,
    )
  })
})
