import { randomUUID } from 'node:crypto'
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

const StoredKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) })

export const VAPID_KEYS_FILE = 'vapid-keys.json'

/**
 * The VAPID keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else from DATA_DIR, generated there on
 * the first start. Readable by the server's user only (0600): the private key signs every push.
 * Several processes starting at once on one DATA_DIR agree on one pair: the file appears whole
 * (written aside, then hard-linked into place, which fails if another process got there first).
 */
export async function loadVapidKeys(options: {
  configured: { publicKey: string; privateKey: string } | null
  dataDir: string
  subject: string
}): Promise<VapidKeys> {
  const { configured, dataDir, subject } = options
  if (configured) return { ...configured, subject }
  const path = join(dataDir, VAPID_KEYS_FILE)
  const stored = await readKeys(path)
  if (stored) return { ...stored, subject }
  await mkdir(dataDir, { recursive: true })
  const generated = webpush.generateVAPIDKeys()
  const aside = `${path}.${randomUUID()}.tmp`
  await writeFile(aside, JSON.stringify(generated), { mode: 0o600 })
  try {
    await link(aside, path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await unlink(aside)
  }
  const kept = await readKeys(path)
  if (!kept) throw new Error(`${path} does not hold VAPID keys`)
  return { ...kept, subject }
}

async function readKeys(path: string) {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const parsed = StoredKeysSchema.safeParse(JSON.parse(text))
  if (!parsed.success) throw new Error(`${path} does not hold VAPID keys`)
  return parsed.data
}
