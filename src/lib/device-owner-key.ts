// Where device-owner.ts keeps this device's member, apart so the landing page's small entry
// (src/landing.ts) can ask whether there is one without loading zod.
export const DEVICE_OWNER_KEY = 'prayer.device.owner'

/** Whether a member's record is on this device (not validated: only a hint to start the app). */
export function hasDeviceOwnerRecord(): boolean {
  try {
    return window.localStorage.getItem(DEVICE_OWNER_KEY) !== null
  } catch {
    return false
  }
}
