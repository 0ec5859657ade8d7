import * as z from 'zod'

// The contract is written with zod/mini (issue 18: it is what the client downloads), which
// installs no wording for the refusals zod words itself ("Invalid UUID", "Too small: …").
// The server's problem details carry those words in English, so it installs them explicitly
// rather than by the accident of some module importing classic zod first.
export function installZodMessages(): void {
  z.config(z.locales.en())
}
