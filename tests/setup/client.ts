import { format } from 'node:util'
import { afterEach, beforeEach, vi } from 'vitest'

// Logic files run in plain Node (vitest.config.ts): Testing Library, its matchers and the shims
// below are only loaded where there is a DOM, which keeps a logic file's start-up to Node's.
let cleanup: (() => void) | undefined
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest')
  const testingLibrary = await import('@testing-library/react')
  cleanup = testingLibrary.cleanup
  // findBy and waitFor give up after 1 s by default: on two loaded cores a render after a fake
  // API's answer can take longer. Waiting longer costs nothing when the condition holds; a
  // broken one still fails, later.
  testingLibrary.configure({ asyncUtilTimeout: 10_000 })

  // jsdom has no matchMedia; MUI's colour-scheme and breakpoint hooks query it. A browser that
  // matches nothing (light scheme, no reduced motion) is the honest default.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) satisfies MediaQueryList
  }

  // jsdom has no layout and no scrolling; the router's scroll restoration calls scrollTo.
  window.scrollTo = () => {}

  // Render files run in VM contexts (vmThreads, vitest.config.ts), where jsdom's crypto has no
  // `subtle` (browsers do: the not-a-robot check hashes with it). Node's Web Crypto stands in;
  // it checks buffers by realm, so bytes made in this context are copied into Node's own.
  if (!globalThis.crypto.subtle) {
    const { webcrypto } = await import('node:crypto')
    const { Buffer } = await import('node:buffer')
    const digest: SubtleCrypto['digest'] = (algorithm, data) =>
      webcrypto.subtle.digest(
        algorithm,
        ArrayBuffer.isView(data)
          ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
          : Buffer.from(data as ArrayBuffer),
      )
    Object.defineProperty(globalThis.crypto, 'subtle', { value: { digest }, configurable: true })
  }
}

// The app loads English's messages beyond the first screen's (renamed ids, plurals) at boot
// (startLanguage); a test, rendered or not, has them from the start too, as a member would.
const { activateLanguage } = await import('@/i18n/i18n')
await activateLanguage('en')

// Any console.error fails the test that caused it (React warnings, act() misuse, bad props):
// a warning in a test is a bug a user would meet.
let consoleErrors: unknown[][] = []
beforeEach(() => {
  consoleErrors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args)
  })
})

afterEach(() => {
  cleanup?.()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  if (consoleErrors.length > 0) {
    throw new Error(
      `console.error was called:\n${consoleErrors.map((args) => format(...args)).join('\n')}`,
    )
  }
})
