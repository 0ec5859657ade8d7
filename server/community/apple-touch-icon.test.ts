import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommunityIcons } from '@contract/community-logo'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { RED_SVG, uploadLogo } from './testing/logo-files'

// Issue 38: iOS reads no manifest icons; its home-screen icon is index.html's apple-touch-icon,
// which follows the community's logo once one is uploaded.
const BUILT = '/icons/apple-touch-icon-180.png'
let clientDir: string
let t: TestApp
let admin: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'apple-touch-client-'))
  writeFileSync(
    join(clientDir, 'index.html'),
    `<!doctype html><head><title>Prayer Community</title><link rel="apple-touch-icon" href="${BUILT}" /></head>`,
  )
  t = await createTestApp({ clientDir })
  admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
})
afterAll(async () => {
  await t.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const touchIcon = async () => {
  const page = await t.app.inject({ url: '/index.html' })
  return /<link rel="apple-touch-icon" href="([^"]+)"/.exec(page.body)?.[1]
}

describe('index.html’s apple-touch-icon', () => {
  it('is the built one until a logo is uploaded, then the logo’s full-bleed 180', async () => {
    expect(await touchIcon()).toBe(BUILT)
    const uploaded = await uploadLogo(t.app, admin, {
      bytes: RED_SVG,
      filename: 'logo.svg',
      type: 'image/svg+xml',
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const href = await touchIcon()
    expect(href).toBe((uploaded.json() as CommunityIcons).appleTouchIcon)
    expect(href).not.toBe(BUILT)
    const icon = await t.app.inject({ url: href! })
    expect(icon.headers['content-type']).toBe('image/png')
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ width: 180, height: 180 })
  })
})
