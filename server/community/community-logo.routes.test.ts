import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CommunityIcons,
  LOGO_ERRORS,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
} from '@contract/community-logo'
import type { ProblemDetails } from '@contract/errors'
import type { AuditPage } from '@contract/moderation'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { call } from '../../tests/helpers/call'
import { createUser, signIn } from '../../tests/helpers/users'
import { type CountingServer, startCountingServer } from './testing/counting-server'
import {
  RED,
  RED_SVG,
  bombPng,
  multipartBody,
  noisyPng,
  reachingSvg,
  redLogo,
} from './testing/logo-files'

// Issue 38: an admin's logo becomes every icon the app needs; a bad upload is refused with a
// clear problem and changes nothing.
let t: TestApp
let admin: string
let moderator: string
let member: string

beforeAll(async () => {
  t = await createTestApp()
  const user = (
    roles: NonNullable<Parameters<typeof createUser>[1]>['roles'],
    displayName?: string,
  ) =>
    createUser(t.db, { roles, ...(displayName ? { displayName } : {}) }).then((u) =>
      signIn(t.app, u),
    )
  admin = await user(['member', 'admin'], 'Admin Ada')
  moderator = await user(['member', 'moderator'])
  member = await user(['member'])
  // Not the product's colour: the maskable icons must take the community's.
  await call(t.app, admin, 'PUT', '/api/v1/admin/community', { theme_color: '#2d4a22' })
})
afterAll(() => t.close())

type File = { bytes: Buffer; filename: string; type: string }

const upload = (cookie: string | undefined, file: File, field?: string) => {
  const { payload, contentType } = multipartBody(file, field)
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/community/logo',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': contentType },
    payload,
  })
}
const currentIcons = async (): Promise<CommunityIcons> =>
  (await call(t.app, undefined, 'GET', '/api/v1/community/icons')).json()
const auditCount = async () =>
  ((await call(t.app, admin, 'GET', '/api/v1/moderation/audit')).json() as AuditPage).items.length

async function fetchIcon(src: string) {
  const response = await t.app.inject({ method: 'GET', url: src })
  expect(response.statusCode, src).toBe(200)
  return response
}

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * 4
  return { r: data[at], g: data[at + 1], b: data[at + 2], alpha: data[at + 3] }
}
const near = (value: number | undefined, expected: number) =>
  expect(Math.abs((value ?? -999) - expected)).toBeLessThanOrEqual(12)

describe('the community logo', () => {
  it('shows the product’s icons until a logo is uploaded', async () => {
    const icons = await currentIcons()
    expect(icons.icons.map((icon) => icon.src)).toContain('/icons/icon-512.png')
    expect(icons.notificationIcon).toBe('/icons/icon-192.png')
  })

  const good: [string, () => Promise<File>][] = [
    ['PNG', async () => ({ bytes: await redLogo('png'), filename: 'logo.png', type: 'image/png' })],
    [
      'JPEG',
      async () => ({ bytes: await redLogo('jpeg'), filename: 'logo.JPG', type: 'image/jpeg' }),
    ],
    [
      'WebP',
      async () => ({ bytes: await redLogo('webp'), filename: 'logo.webp', type: 'image/webp' }),
    ],
    ['SVG', async () => ({ bytes: RED_SVG, filename: 'logo.svg', type: 'image/svg+xml' })],
  ]
  it.each(good)(
    'turns a %s logo into every icon, the maskable ones on the theme colour',
    async (_, file) => {
      const response = await upload(admin, await file())
      expect(response.statusCode, response.body).toBe(200)
      const icons = response.json() as CommunityIcons
      expect(await currentIcons()).toEqual(icons)
      expect(icons.icons.map(({ sizes, purpose }) => `${purpose} ${sizes}`)).toEqual([
        'any 192x192',
        'any 512x512',
        'maskable 192x192',
        'maskable 512x512',
      ])
      const all = [
        ...icons.icons.map((icon) => ({ src: icon.src, size: Number(icon.sizes.split('x')[0]) })),
        { src: icons.appleTouchIcon, size: 180 },
      ]
      for (const { src, size } of all) {
        const served = await fetchIcon(src)
        expect(served.headers['content-type']).toBe('image/png')
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        const metadata = await sharp(served.rawPayload).metadata()
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', size, size])
      }
      // "any": the wide logo across the middle, transparent above it.
      const any = (await fetchIcon(icons.icons[1]!.src)).rawPayload
      expect((await pixel(any, 256, 10)).alpha).toBe(0)
      const middle = await pixel(any, 256, 256)
      near(middle.r, RED.r)
      near(middle.g, RED.g)
      // Maskable: the theme colour to the edge, the logo within the safe zone's circle.
      const maskable = (await fetchIcon(icons.icons[3]!.src)).rawPayload
      const [r, g, b] = [0x2d, 0x4a, 0x22]
      expect(await pixel(maskable, 0, 0)).toEqual({ r, g, b, alpha: 255 })
      near((await pixel(maskable, 256, 256)).r, RED.r)
      // The logo's corner, 40 % of the side from the centre at most: inside the circle.
      const inscribed = Math.round((512 * 0.8) / Math.SQRT2 / 2)
      expect(await pixel(maskable, 256 + inscribed + 2, 256)).toEqual({ r, g, b, alpha: 255 })
    },
  )

  it('serves an old icon URL no more once the logo changes', async () => {
    await upload(admin, { bytes: RED_SVG, filename: 'other.svg', type: 'image/svg+xml' })
    const svgIcons = await currentIcons()
    await upload(admin, { bytes: await redLogo('webp'), filename: 'logo.webp', type: 'image/webp' })
    const after = await currentIcons()
    expect(after).not.toEqual(svgIcons)
    const old = await t.app.inject({ method: 'GET', url: svgIcons.icons[0]!.src })
    expect(old.statusCode).toBe(404)
  })

  it('records the change in the audit log with who made it', async () => {
    await upload(admin, { bytes: await redLogo('png'), filename: 'logo.png', type: 'image/png' })
    const audit = (await call(t.app, admin, 'GET', '/api/v1/moderation/audit')).json() as AuditPage
    expect(audit.items[0]).toMatchObject({
      action: 'community_update',
      actor: { displayName: 'Admin Ada' },
      details: { logo: { type: 'image/png' } },
    })
  })

  it('lets only admins upload', async () => {
    const before = await currentIcons()
    const file = { bytes: RED_SVG, filename: 'logo.svg', type: 'image/svg+xml' }
    for (const cookie of [member, moderator])
      expect((await upload(cookie, file)).statusCode).toBe(403)
    expect((await upload(undefined, file)).statusCode).toBe(401)
    expect(await currentIcons()).toEqual(before)
  })
})

describe('a bad logo upload', () => {
  let elsewhere: CountingServer
  beforeAll(async () => {
    elsewhere = await startCountingServer()
    // A logo in place, so that "nothing changed" has something to keep.
    await upload(admin, { bytes: await redLogo('png'), filename: 'logo.png', type: 'image/png' })
  })
  afterAll(() => elsewhere.close())

  async function expectRefused(
    response: Awaited<ReturnType<typeof upload>>,
    status: number,
    code: string,
    detail: string,
  ) {
    expect(response.statusCode, response.body).toBe(status)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json()).toMatchObject({ title: code, detail } satisfies Partial<ProblemDetails>)
  }

  const refusals: [string, () => Promise<File>, number, keyof typeof LOGO_ERRORS][] = [
    [
      'a text file named .png',
      async () => ({
        bytes: Buffer.from('not an image\n'),
        filename: 'logo.png',
        type: 'image/png',
      }),
      400,
      'notAnImage',
    ],
    [
      'a truncated PNG',
      async () => {
        const png = await noisyPng()
        return { bytes: png.subarray(0, png.length / 2), filename: 'logo.png', type: 'image/png' }
      },
      400,
      'notAnImage',
    ],
    [
      'a JPEG named .png',
      async () => ({ bytes: await redLogo('jpeg'), filename: 'logo.png', type: 'image/png' }),
      400,
      'notAnImage',
    ],
    [
      'a PNG sent as a JPEG',
      async () => ({ bytes: await redLogo('png'), filename: 'logo', type: 'image/jpeg' }),
      400,
      'notAnImage',
    ],
    [
      'a GIF (not a format taken)',
      async () => ({
        bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: RED } })
          .gif()
          .toBuffer(),
        filename: 'logo.gif',
        type: 'image/gif',
      }),
      400,
      'notAnImage',
    ],
    [
      'a decompression bomb (a tiny PNG declaring 100 000 × 100 000 pixels)',
      async () => ({ bytes: bombPng(), filename: 'logo.png', type: 'image/png' }),
      400,
      'tooManyPixels',
    ],
    [
      'an SVG declaring an absurd size',
      async () => ({
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="90000000" height="90000000"><rect width="10" height="10"/></svg>',
        ),
        filename: 'logo.svg',
        type: 'image/svg+xml',
      }),
      400,
      'tooManyPixels',
    ],
    [
      'an SVG with a script and an external image',
      async () => ({
        bytes: reachingSvg(elsewhere.origin),
        filename: 'logo.svg',
        type: 'image/svg+xml',
      }),
      400,
      'unsafeSvg',
    ],
    [
      'a file over 2 MB',
      async () => ({
        bytes: Buffer.alloc(LOGO_MAX_BYTES + 1),
        filename: 'logo.png',
        type: 'image/png',
      }),
      413,
      'tooLarge',
    ],
  ]
  it.each(refusals)(
    'refuses %s, saying why, and changes nothing',
    async (_, file, status, error) => {
      const before = await currentIcons()
      const entries = await auditCount()
      await expectRefused(
        await upload(admin, await file()),
        status,
        LOGO_ERRORS[error],
        LOGO_MESSAGES[error],
      )
      expect(await currentIcons()).toEqual(before)
      expect(await auditCount()).toBe(entries)
      expect(elsewhere.requests()).toBe(0)
    },
  )

  it('refuses a file over 2 MB sent without a length, once 2 MB of it have arrived', async () => {
    const before = await currentIcons()
    const { payload, contentType } = multipartBody({
      bytes: Buffer.alloc(LOGO_MAX_BYTES * 2),
      filename: 'logo.png',
      type: 'image/png',
    })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/community/logo',
      headers: { cookie: admin, 'content-type': contentType },
      payload: Readable.from([payload]),
    })
    await expectRefused(response, 413, LOGO_ERRORS.tooLarge, LOGO_MESSAGES.tooLarge)
    expect(await currentIcons()).toEqual(before)
  })

  it('refuses an upload whose file is not in the `logo` field', async () => {
    const response = await upload(
      admin,
      { bytes: RED_SVG, filename: 'logo.svg', type: 'image/svg+xml' },
      'image',
    )
    await expectRefused(response, 400, LOGO_ERRORS.missing, LOGO_MESSAGES.missing)
  })
})
