import * as z from 'zod/mini'
import { DEVICE_OWNER_KEY as KEY } from './device-owner-key'

// DESIGN §6: everything this device keeps between visits (the persisted query cache, the service
// worker's API caches) belongs to one member, recorded here. Local storage, not session storage:
// the record must outlive the tab so a cold start offline knows whose saved content to open.
// Guarded like session-storage.ts: storage may throw, and losing the record only loses the cache.
const DeviceOwnerSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  hasProfile: z.nullable(z.boolean()),
})

export type DeviceOwner = z.infer<typeof DeviceOwnerSchema>

export function readDeviceOwner(): DeviceOwner | null {
  try {
    const parsed = DeviceOwnerSchema.safeParse(
      JSON.parse(window.localStorage.getItem(KEY) ?? 'null'),
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function writeDeviceOwner(owner: DeviceOwner | null): void {
  try {
    if (owner) window.localStorage.setItem(KEY, JSON.stringify(owner))
    else window.localStorage.removeItem(KEY)
  } catch {
    // Not remembered: the next start simply has no saved content to open.
  }
}

/** Another tab signed someone in or out: the record changed under this one. */
export function onDeviceOwnerChange(listener: () => void): () => void {
  const handle = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener()
  }
  window.addEventListener('storage', handle)
  return () => window.removeEventListener('storage', handle)
}
