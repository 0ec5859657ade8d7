import { crc32, deflateSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'

// Issue 38's uploads, good and bad, made here so that no binary fixture hides what it holds.

export const RED = { r: 200, g: 30, b: 40 }

/** A wide red logo (2:1) on transparency, in each raster format taken. */
export async function redLogo(format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const image = sharp({
    create: { width: 400, height: 200, channels: 4, background: { ...RED, alpha: 1 } },
  })
  return image[format]().toBuffer()
}

export const RED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">' +
    '<rect width="40" height="20" fill="rgb(200,30,40)"/></svg>',
)

/** A PNG with noise, large enough that cutting it in half loses image data, not just the end. */
export async function noisyPng(): Promise<Buffer> {
  const pixels = Buffer.alloc(256 * 256 * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251
  return sharp(pixels, { raw: { width: 256, height: 256, channels: 3 } })
    .png()
    .toBuffer()
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A decompression bomb: a few hundred bytes that declare a 100 000 × 100 000 image. */
export function bombPng(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(100_000, 0)
  header.writeUInt32BE(100_000, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** An SVG that would run a script and load an image from `origin` if anything followed it. */
export function reachingSvg(origin: string): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">' +
      `<script>fetch('${origin}/script')</script>` +
      `<image xlink:href="${origin}/external.png" width="40" height="40"/></svg>`,
  )
}

/** A multipart/form-data body with one file, as a browser's form sends it. */
export function multipartBody(
  file: { bytes: Buffer; filename: string; type: string },
  field = 'logo',
) {
  const boundary = '----logo-test-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** An admin's logo upload as the admin page sends it: POST /api/v1/admin/community/logo. */
export function uploadLogo(
  app: FastifyInstance,
  cookie: string,
  file: { bytes: Buffer; filename: string; type: string },
) {
  const { payload, contentType } = multipartBody(file)
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/community/logo',
    headers: { cookie, 'content-type': contentType },
    payload,
  })
}
