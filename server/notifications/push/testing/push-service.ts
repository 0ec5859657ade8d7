import { execFileSync } from 'node:child_process'
import { createECDH, type ECDH, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer } from 'node:https'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A local push service for tests: HTTPS on 127.0.0.1 (web-push speaks only HTTPS) with a
// certificate made for the run, recording each request; and browser-shaped device keys that can
// decrypt what it receives (RFC 8291, aes128gcm, with http_ece as a browser would).

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer
}

export interface Device {
  endpoint: string
  keys: { p256dh: string; auth: string }
  /** The payload a browser holding these keys would read. */
  decrypt(body: Buffer): string
}

/** Keys as PushSubscription.toJSON() gives them: a P-256 public key and a 16-byte secret. */
export function newDevice(endpoint: string): Device {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16).toString('base64url')
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    decrypt: (body) =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(),
  }
}

export interface PushedRequest {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface PushService {
  url: string
  /** Trusts the run's certificate: pass as web-push's `agent`. */
  agent: Agent
  received: PushedRequest[]
  /** The status a path answers with (default 201 Created, as push services do). */
  answer: Map<string, number>
  /** Statuses a path answers its next requests with, one each, before `answer` applies again. */
  answerNext: Map<string, number[]>
  close(): Promise<void>
}

/** `delayMs`: each answer waits this long, as a push service's round trip over the internet. */
export async function startPushService(options: { delayMs?: number } = {}): Promise<PushService> {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'))
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  const tls = { key: readFileSync(key), cert: readFileSync(cert) }
  rmSync(dir, { recursive: true, force: true })

  const received: PushedRequest[] = []
  const answer = new Map<string, number>()
  const answerNext = new Map<string, number[]>()
  const server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) })
      const status = answerNext.get(path)?.shift() ?? answer.get(path) ?? 201
      if (options.delayMs) setTimeout(() => response.writeHead(status).end(), options.delayMs)
      else response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  // Kept alive as the app's own agent is (web-push.ts), so benches measure connection reuse.
  const agent = new Agent({ ca: tls.cert, keepAlive: true })
  return {
    url: `https://127.0.0.1:${port}`,
    agent,
    received,
    answer,
    answerNext,
    close: async () => {
      agent.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
