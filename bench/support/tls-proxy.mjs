// The app as deployed/nginx/app.conf serves it: Debian's nginx in front, TLS and HTTP/2 to the
// browser, HTTP/1.1 to the app. For benches that measure what a phone gets from a real
// deployment rather than from the app's own plain-HTTP/1.1 port (a browser opens at most six
// HTTP/1.1 connections to an origin, and the wall's first load is ~35 requests). The
// certificate is self-signed for 127.0.0.1: the browser must be told to accept it.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { nginxConfig } from '../../scripts/stack/nginx-config.mjs'
import { freePort } from '../../scripts/stack/start-stack.mjs'

const NGINX =
  process.env.NGINX_PATH ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync) ?? 'nginx'

/**
 * Starts nginx with TLS and HTTP/2 in front of `upstream` (host:port of the app).
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startTlsProxy({ upstream }) {
  const dir = mkdtempSync(join(tmpdir(), 'tls-proxy-'))
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, temp))
  const cert = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ])
  if (cert.status !== 0) throw new Error(`openssl: ${cert.stderr}`)
  const port = await freePort()
  const tls = { certificate: join(dir, 'cert.pem'), key: join(dir, 'key.pem') }
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig({ dir, port, upstreams: [upstream], tls }))
  const child = spawn(
    NGINX,
    ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf')],
    {
      stdio: 'ignore',
    },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `https://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    const up = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => socket.end(() => resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (up) break
    if (tries > 50 || child.exitCode !== null) {
      child.kill('SIGQUIT')
      throw new Error(`nginx did not start: ${spawnSync('cat', [join(dir, 'error.log')]).stdout}`)
    }
    await delay(100)
  }
  return {
    url,
    async stop() {
      child.kill('SIGQUIT')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
