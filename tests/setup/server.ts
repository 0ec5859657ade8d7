import { afterEach, beforeEach, vi } from 'vitest'
import { installZodMessages } from '../../server/plugins/zod-messages'
import { takeUnexpectedErrors } from '../helpers/logged-errors'

// What the server installs when it builds its app; contract tests assert the server's wording.
installZodMessages()

// A console.error nobody expected is a bug (epic-stack): record it and fail the test after it
// ran, rather than throwing inside whatever code logged it.
let errors: unknown[][] = []

beforeEach(() => {
  errors = []
  takeUnexpectedErrors()
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore()
  if (errors.length > 0) {
    const printed = errors.map((args) => args.map(String).join(' ')).join('\n')
    throw new Error(`Unexpected console.error:\n${printed}`)
  }
  // The same for an error the events dispatcher or the hub logged (tests/helpers/logged-errors.ts):
  // a test that means to cause one calls expectLoggedError first.
  const logged = takeUnexpectedErrors()
  if (logged.length > 0) {
    const printed = logged.map((error) => `${error.component}: ${JSON.stringify(error.line)}`)
    throw new Error(`Unexpected error logged by ${printed.join('\n')}`)
  }
})
