import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { compile, middleware, prefixer, serialize, stringify } from 'stylis'
import { describe, expect, it } from 'vitest'
import { patchDefaultCache } from '../../scripts/emotion-default-cache.mjs'
import { logicalProperties } from '../../src/theme/logical-properties'

// Issue 42: MUI's physical sides become logical as emotion inserts them, so `<html dir="rtl">`
// mirrors MUI's components (src/theme/logical-properties.ts).
const css = (text: string) =>
  serialize(compile(text), middleware([logicalProperties, prefixer, stringify]))

describe('logical properties', () => {
  it('writes sides, insets, borders and corners as logical properties', () => {
    expect(css('.a{margin-left:8px;padding-right:4px;left:0;right:auto}')).toBe(
      '.a{margin-inline-start:8px;padding-inline-end:4px;inset-inline-start:0;inset-inline-end:auto;}',
    )
    expect(css('.a{border-left:1px solid red;border-right-width:2px}')).toBe(
      '.a{border-inline-start:1px solid red;border-inline-end-width:2px;}',
    )
    expect(css('.a{border-top-left-radius:4px;border-bottom-right-radius:2px}')).toBe(
      '.a{border-start-start-radius:4px;border-end-end-radius:2px;}',
    )
  })

  it('turns left and right values into start and end', () => {
    expect(css('.a{text-align:left;float:right;clear:left}')).toBe(
      '.a{text-align:start;float:inline-end;clear:inline-start;}',
    )
    expect(css('.a{text-align:right!important}')).toBe('.a{text-align:end!important;}')
  })

  it('splits a four-sided shorthand whose sides differ, and leaves a symmetric one', () => {
    expect(css('.a{margin:0 16px 0 8px}')).toBe(
      '.a{margin-block-start:0;margin-inline-end:16px;margin-block-end:0;margin-inline-start:8px;}',
    )
    expect(css('.a{padding:4px 8px 4px 8px}')).toBe('.a{padding:4px 8px 4px 8px;}')
    expect(css('.a{margin:0 calc(1px + 2px) 0 0}')).toBe('.a{margin:0 calc(1px + 2px) 0 0;}')
  })

  it('leaves everything without a side as written, prefixes still added', () => {
    expect(css('.a{margin-top:2px;top:0;color:red;user-select:none}')).toBe(
      '.a{margin-top:2px;top:0;color:red;-webkit-user-select:none;-moz-user-select:none;-ms-user-select:none;user-select:none;}',
    )
  })
})

describe('emotion default cache patch', () => {
  const dist = join(process.cwd(), 'node_modules/@emotion/react/dist')
  const browserModules = readdirSync(dist).filter((name) =>
    /^emotion-element-[0-9a-f]+\.browser(\.development)?\.esm\.js$/.test(name),
  )

  it("puts the plugins in emotion's own browser module, production and development", () => {
    expect(browserModules).toHaveLength(2)
    for (const name of browserModules) {
      const patched = patchDefaultCache(join(dist, name), readFileSync(join(dist, name), 'utf8'))
      expect(patched).toContain('stylisPlugins: [appLogicalProperties, appPrefixer]')
    }
  })

  it('fails the build when emotion changes how it makes its cache, and ignores other modules', () => {
    const id = join(dist, browserModules[0]!)
    expect(() => patchDefaultCache(id, 'var cache = makeCache();')).toThrow(/update scripts/)
    expect(patchDefaultCache(join(dist, 'emotion-react.browser.esm.js'), 'x')).toBeNull()
  })
})
