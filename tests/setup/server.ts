import { afterEach, beforeEach, vi } from 'vitest'
import { installZodMessages } from '../../server/plugins/zod-messages'

// What the server installs when it builds its app; contract tests assert the server's wording.
installZodMessages()

// A console.error nobody expected is a bug (epic-stack): record it and fail the test after it
// ran, rather than throwing inside whatever code logged it.
let errors: unknown[][] = []

beforeEach(() => {
  errors = []
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
})
