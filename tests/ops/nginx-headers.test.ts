import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nginxConfig } from '../../scripts/stack/nginx-config.mjs'
import { freePort } from '../../scripts/stack/start-stack.mjs'

// Issue 47: a signed-in member's page carries its code's preloads (Link) beside the CSP and the
// session cookie, about 5 kB of headers, and nginx's default 4 kB header buffer answered those
// pages 502. Debian's nginx in front of a stand-in app that answers with 8 kB of headers, through
// the stack's configuration; deploy/nginx/app.conf must keep the same buffer.
const NGINX = process.env.NGINX_PATH ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync)

const preloads = Array.from(
  { length: 160 },
  (_, at) => `</assets/chunk-${String(at).padStart(3, '0')}-a1b2c3d4.js>; rel=modulepreload`,
).join(', ')

describe.skipIf(!NGINX)('nginx in front of a page with large headers', () => {
  let app: Server
  let nginx: ChildProcess
  let dir: string
  let url: string

  beforeAll(async () => {
    app = createServer((_, response) => {
      response.setHeader('link', preloads)
      response.end('<!doctype html><title>wall</title>')
    })
    const appPort = await freePort()
    await new Promise<void>((resolve) => app.listen(appPort, '127.0.0.1', resolve))
    dir = mkdtempSync(join(tmpdir(), 'nginx-headers-'))
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(join(dir, temp))
    const port = await freePort()
    writeFileSync(
      join(dir, 'nginx.conf'),
      nginxConfig({ dir, port, upstreams: [`127.0.0.1:${appPort}`] }),
    )
    nginx = spawn(NGINX as string, ['-e', join(dir, 'error.log'), '-p', dir, '-c', 'nginx.conf'], {
      stdio: 'ignore',
    })
    url = `http://127.0.0.1:${port}`
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (
        await fetch(`${url}/prayerwall`).then(
          () => true,
          () => false,
        )
      )
        return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('nginx did not start')
  })

  afterAll(async () => {
    nginx?.kill('SIGQUIT')
    await new Promise<void>((resolve) => app?.close(() => resolve()))
    rmSync(dir, { recursive: true, force: true })
  })

  it('passes 8 kB of response headers through instead of answering 502', async () => {
    expect(preloads.length).toBeGreaterThan(7_000)
    const response = await fetch(`${url}/prayerwall`)
    expect(response.status).toBe(200)
    expect(response.headers.get('link')).toBe(preloads)
  })

  it('has the same header buffer in the production configuration', () => {
    const bufferOf = (conf: string) => conf.match(/proxy_buffer_size\s+(\w+);/)?.[1]
    const production = readFileSync(join(__dirname, '../../deploy/nginx/app.conf'), 'utf8')
    const stack = nginxConfig({ dir: '/tmp', port: 1, upstreams: ['127.0.0.1:2'] })
    expect(bufferOf(production)).toBe(bufferOf(stack))
  })
})
