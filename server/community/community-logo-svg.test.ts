import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSafeSvg } from './community-logo-svg'
import { type CountingServer, startCountingServer } from './testing/counting-server'
import { RED_SVG, reachingSvg } from './testing/logo-files'

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">${body}</svg>`,
  )
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

describe('an uploaded SVG (issue 38)', () => {
  it('is taken when it draws only from itself: shapes, references by id, embedded rasters', () => {
    expect(isSafeSvg(RED_SVG)).toBe(true)
    expect(
      isSafeSvg(
        svg(
          '<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/>' +
            `<use href="#g"/><image xlink:href="${PIXEL}" width="1" height="1"/>`,
        ),
      ),
    ).toBe(true)
  })

  it.each([
    ['a script', '<script>alert(1)</script>'],
    ['an event handler', '<rect onload="alert(1)" width="1" height="1"/>'],
    ['an external image', '<image href="https://example.org/a.png" width="1" height="1"/>'],
    ['an external xlink:href', '<use xlink:href="other.svg#a"/>'],
    ['an unquoted href', '<use href=https://example.org/a.svg/>'],
    ['a javascript: link', '<a href=" javascript:alert(1)"><rect width="1" height="1"/></a>'],
    ['a nested SVG by data: URL', '<image href="data:image/svg+xml;base64,PHN2Zy8+"/>'],
    ['an external url()', '<rect style="fill:url(https://example.org/p.svg#x)"/>'],
    ['a stylesheet import', '<style>@import "https://example.org/a.css";</style>'],
    ['HTML inside', '<foreignObject><iframe src="https://example.org"/></foreignObject>'],
  ])('is refused when it holds %s', (_, body) => {
    expect(isSafeSvg(svg(body))).toBe(false)
  })

  it('is refused when it declares entities, which can spell a reference or expand into a bomb', () => {
    const withEntity = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e "https://example.org/a.png">]>' +
        '<svg xmlns="http://www.w3.org/2000/svg"><image href="&e;"/></svg>',
    )
    expect(isSafeSvg(withEntity)).toBe(false)
  })

  describe('drawn by the rasteriser even without the check', () => {
    let elsewhere: CountingServer
    beforeAll(async () => {
      elsewhere = await startCountingServer()
    })
    afterAll(() => elsewhere.close())

    it('neither runs its script nor fetches its external image', async () => {
      const png = await sharp(reachingSvg(elsewhere.origin)).png().toBuffer()
      expect((await sharp(png).metadata()).format).toBe('png')
      expect(elsewhere.requests()).toBe(0)
    })
  })
})
