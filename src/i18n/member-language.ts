import { isLanguage } from '@contract/languages'
import { saveDeviceLanguage } from './device-language'
import { activateLanguage } from './i18n'

/**
 * Issue 42: the account's language (GET /api/v1/users/me) wins over the browser's. Kept on the
 * device too, so the next start opens in it at once. A null setting leaves the device as it is.
 */
export function followMemberLanguage(setting: unknown): void {
  if (!isLanguage(setting)) return
  saveDeviceLanguage(setting)
  activateLanguage(setting).catch(() => undefined)
}
