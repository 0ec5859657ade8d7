import { describe, expect, it } from 'vitest'
import { inlineStylesheets } from '../../scripts/inline-stylesheet.mjs'

// The client's one stylesheet is written into index.html (and so into the landing) instead of
// linked: a linked stylesheet blocks the first paint for a round trip.
describe('inlineStylesheets', () => {
  const css = new Map([['assets/style-1.css', '.a{color:red}']])

  it('writes a linked stylesheet of the bundle in as a <style>', () => {
    const html =
      '<head><title>x</title><link rel="stylesheet" crossorigin href="/assets/style-1.css"></head>'
    expect(inlineStylesheets(html, (file) => css.get(file))).toBe(
      '<head><title>x</title><style>.a{color:red}</style></head>',
    )
  })

  it('refuses a stylesheet the bundle does not hold, or one that would end the <style>', () => {
    const html = '<link rel="stylesheet" href="/assets/other.css">'
    expect(() => inlineStylesheets(html, (file) => css.get(file))).toThrow(/not in the bundle/)
    expect(() => inlineStylesheets(html, () => 'a::after{content:"</style><script>"}')).toThrow(
      /cannot be written inside/,
    )
  })
})
