import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'

// Issue 42: the installed app's description in the community's default language while it keeps
// the product's own; one its admins wrote stays in their words. One manifest whatever the asker's
// languages: the service worker precaches it, and an answer varying by them is not found offline.
let clientDir: string
let t: TestApp

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'manifest-language-'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Prayer Community</title>')
  writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"id":"/","name":"Prayer Community"}')
  t = await createTestApp({ clientDir })
})
afterAll(async () => {
  await t.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const manifest = (language?: string) =>
  t.app.inject({
    url: '/manifest.webmanifest',
    headers: language ? { 'accept-language': language } : {},
  })

const setDefault = async (language: string) => {
  const admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
  const saved = await call(t.app, admin, 'PUT', '/api/v1/admin/community', {
    default_language: language,
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return admin
}

describe('the manifest’s description', () => {
  it('is in the community’s default language, with its lang and dir, whoever asks', async () => {
    const english = await manifest('fr-CA,fr;q=0.9')
    expect(english.json()).toMatchObject({
      description: COMMUNITY_DEFAULTS.description,
      lang: 'en',
      dir: 'ltr',
    })
    expect(english.headers['vary']).not.toMatch(/accept-language/i)
    await setDefault('fr')
    const french = await manifest('en-US')
    expect(french.json()).toMatchObject({
      description:
        'Un espace sûr et recueilli pour prier ensemble\u202f: partagez vos intentions de prière, priez les uns pour les autres et rendez grâce par des témoignages.',
      lang: 'fr',
    })
    expect(french.headers['etag']).not.toBe(english.headers['etag'])
    await setDefault('ar')
    expect((await manifest()).json()).toMatchObject({
      description: expect.stringMatching(/^مساحة آمنة/),
      dir: 'rtl',
    })
  })

  it('keeps the description an admin wrote', async () => {
    const admin = await setDefault('es')
    const description = 'The parish of St Mary, praying together since 1852.'
    const saved = await call(t.app, admin, 'PUT', '/api/v1/admin/community', { description })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await manifest('es')).json().description).toBe(description)
  })
})
