import { BaseSequencer, type TestSpecification } from 'vitest/node'

// Files that spend most of their time waiting rather than computing: the hub conformance suite
// holds a connection idle for the shipped 41 s keep-alive (issue 6); the device data tests wait
// out the query persister's one-second throttle (~10 s in all), and by size they ran last, alone.
// Started first, their waits overlap other files' work instead of leaving a core idle at the end.
const MOSTLY_WAITING = [
  'server/realtime/conformance.test.ts',
  'src/features/offline/device-data.test.ts',
]

/**
 * Vitest orders projects by name (client, client-logic, server) and, on a fresh clone with no
 * timing cache, files by size. This runs the files above first, then the server project:
 * `npm test` runs the PostgreSQL stage beside this one, and both server suites wait on sockets
 * and timers that the CPU-bound render tests, run last, then fill (docs/testing.md).
 */
export class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification) => {
      if (MOSTLY_WAITING.some((path) => file.moduleId.endsWith(path))) return 0
      return file.project.name === 'server' ? 1 : 2
    }
    return sorted
      .map((file, at) => ({ file, at }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at)
      .map(({ file }) => file)
  }
}
