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
import { freePort } from '../../scripts/stack/start-stack.mjs'

const NGINX =
  process.env.NGINX_PATH ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync) ?? 'nginx'

function nginxConfig({ dir, port, upstream }) {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream app { server ${upstream}; keepalive 32; }
  server {
    # Debian 12's nginx 1.22 predates the \`http2 on\` of deploy/nginx/app.conf.
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
`
}

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
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig({ dir, port, upstream }))
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
