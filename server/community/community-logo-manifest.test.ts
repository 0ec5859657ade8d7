import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommunityIcons, ManifestIcon } from '@contract/community-logo'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { RED_SVG, uploadLogo } from './testing/logo-files'

// Issue 38: "Add to Home Screen" installs the community's icon: the generated manifest names
// the icons rendered from its logo, and an installed app's update check finds the change.
const BUILT_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
]
const MANIFEST = { id: '/', name: 'Prayer Community', icons: BUILT_ICONS }
const WORKER = 'const e=[{"revision":"cc33","url":"manifest.webmanifest"}];'

let clientDir: string
let t: TestApp
let admin: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'community-logo-client-'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Prayer Community</title>')
  writeFileSync(join(clientDir, 'manifest.webmanifest'), JSON.stringify(MANIFEST))
  writeFileSync(join(clientDir, 'sw.js'), WORKER)
  t = await createTestApp({ clientDir })
  admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
})
afterAll(async () => {
  await t.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const get = (url: string) => t.app.inject({ url })

describe('the manifest’s icons', () => {
  it('are the built ones until an admin uploads a logo, then the logo’s, every one served', async () => {
    expect((await get('/manifest.webmanifest')).json()).toMatchObject({ icons: BUILT_ICONS })
    const workerBefore = (await get('/sw.js')).body

    const uploaded = await uploadLogo(t.app, admin, {
      bytes: RED_SVG,
      filename: 'logo.svg',
      type: 'image/svg+xml',
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)

    const icons = (await get('/manifest.webmanifest')).json().icons as ManifestIcon[]
    expect(icons).toEqual((uploaded.json() as CommunityIcons).icons)
    expect(icons.map((icon) => `${icon.purpose} ${icon.sizes}`)).toEqual([
      'any 192x192',
      'any 512x512',
      'maskable 192x192',
      'maskable 512x512',
    ])
    for (const icon of icons) {
      const served = await get(icon.src)
      expect(served.headers['content-type']).toBe('image/png')
      const { width, height } = await sharp(served.rawPayload).metadata()
      expect(`${width}x${height}`).toBe(icon.sizes)
    }
    // A new worker: the installed app fetches the manifest again on its next update check.
    expect((await get('/sw.js')).body).not.toBe(workerBefore)
  })
})
