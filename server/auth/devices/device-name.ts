import Bowser from 'bowser'

/**
 * Issue 39: "Chrome on Android", from the user agent stored with the session. Only the browser's
 * and the system's names: no versions or models, which would make a device easier to single out
 * and say nothing a member needs to recognise their own phone.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const { browser, os } = Bowser.parse(userAgent)
  const system = os.name === 'macOS' ? 'Mac' : os.name
  if (browser.name && system) return `${browser.name} on ${system}`
  return browser.name ?? system ?? 'Unknown device'
}
