import type { RunnerTestCase } from 'vitest'
import { defineConfig, mergeConfig } from 'vitest/config'
import type { Vitest } from 'vitest/node'
import type { Reporter } from 'vitest/reporters'
import base from './vitest.config'

// StrykerJS runs the server project through this config (stryker.config.mjs): only the test
// files scripts/mutation.mjs names for the mutated module (MUTATION_TESTS, comma-separated),
// with the server's set-up (PGlite template, console and log guards). Each file in its own module
// graph (isolate), so a mutant in a module's top-level code is evaluated again for every run.
const tests = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean)
const server = base.test?.projects?.find(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'server',
)
if (!server || typeof server !== 'object' || !('test' in server)) {
  throw new Error('vitest.config.ts has no server project')
}

/**
 * Stryker's Vitest runner 9.6 reads only the tests a file collected: a mutant that makes a test
 * file fail to load (a module whose top-level call throws) leaves no test, and is counted as
 * survived. This turns such a file into one failed test, so the mutant counts as killed.
 */
class LoadFailureAsTest implements Reporter {
  private vitest?: Vitest
  onInit(vitest: Vitest) {
    this.vitest = vitest
  }
  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue
      const failed: RunnerTestCase = {
        type: 'test',
        id: `${file.id}_load`,
        name: 'the test file loads',
        fullName: `${file.name} the test file loads`,
        fullTestName: 'the test file loads',
        mode: 'run',
        file,
        result: { state: 'fail', errors: file.result.errors ?? [] },
        context: undefined as never,
        meta: {},
        annotations: [],
        artifacts: [],
        timeout: 0,
      }
      file.tasks.push(failed)
    }
  }
}

export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined } },
  defineConfig({
    ...server,
    test: {
      ...server.test,
      include: tests,
      isolate: true,
      maxWorkers: 1,
      reporters: ['default', new LoadFailureAsTest()],
    },
  }),
)
