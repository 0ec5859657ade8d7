import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadVapidKeys, VAPID_KEYS_FILE } from './vapid-keys'

let dataDir: string
beforeEach(async () => {
  dataDir = join(await mkdtemp(join(tmpdir(), 'vapid-')), 'data')
})
afterEach(() => rm(join(dataDir, '..'), { recursive: true, force: true }))

const subject = 'mailto:ops@example.org'

describe('VAPID keys', () => {
  it('uses the configured pair and writes nothing', async () => {
    const keys = await loadVapidKeys({
      configured: { publicKey: 'pub', privateKey: 'priv' },
      dataDir,
      subject,
    })
    expect(keys).toEqual({ publicKey: 'pub', privateKey: 'priv', subject })
    await expect(stat(join(dataDir, VAPID_KEYS_FILE))).rejects.toThrow()
  })

  it('generates a pair into DATA_DIR once, readable by the owner only, and keeps it', async () => {
    const first = await loadVapidKeys({ configured: null, dataDir, subject })
    // A P-256 public key (65 bytes) and private key (32 bytes), base64url.
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32)
    const file = join(dataDir, VAPID_KEYS_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    const again = await loadVapidKeys({ configured: null, dataDir, subject })
    expect(again).toEqual(first)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    })
  })

  it('gives processes starting together one pair', async () => {
    const all = await Promise.all(
      Array.from({ length: 5 }, () => loadVapidKeys({ configured: null, dataDir, subject })),
    )
    expect(new Set(all.map((keys) => keys.publicKey)).size).toBe(1)
  })
})
