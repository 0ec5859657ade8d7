import type { Language } from '@contract/languages'
import { useEffect, useState } from 'react'
import { deviceLanguage, readDeviceLanguage, saveDeviceLanguage } from './device-language'
import { activateLanguage } from './i18n'
import { LanguageSelect } from './language-select'

/**
 * Issue 42: the landing's and sign-in's language menu, before an account has a say: the pick is
 * kept on this device and the open page changes at once.
 */
export function DeviceLanguageSelect() {
  // Read after hydration: the pre-render knows no device, so it says "Same as this browser".
  const [pick, setPick] = useState<Language | null>(null)
  useEffect(() => setPick(readDeviceLanguage()), [])
  return (
    <LanguageSelect
      value={pick}
      onChange={(language) => {
        setPick(language)
        saveDeviceLanguage(language)
        activateLanguage(deviceLanguage()).catch(() => undefined)
      }}
    />
  )
}
