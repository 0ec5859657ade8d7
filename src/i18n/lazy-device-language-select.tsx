import { lazy, Suspense } from 'react'

// Its own chunk: the menu is for visitors (landing, sign-in), so a member's wall never loads it.
const DeviceLanguageSelect = lazy(() =>
  import('./device-language-select').then((module) => ({ default: module.DeviceLanguageSelect })),
)

/** The visitors' language menu (issue 42), loaded where it is shown. */
export function LazyDeviceLanguageSelect() {
  return (
    <Suspense fallback={null}>
      <DeviceLanguageSelect />
    </Suspense>
  )
}
