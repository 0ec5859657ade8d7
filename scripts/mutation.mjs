// `npm run test:mutation -- <module> [<module>…]`: StrykerJS on one module at a time, with only
// its related test files (docs/testing.md). Not part of `npm test`: a module's run takes minutes.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { equivalentMutants, relatedTests } from '../stryker.config.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
// A bound on a module's whole run, so a loaded machine cannot keep it going for hours.
const maxMinutes = Number(process.env.MUTATION_MAX_MINUTES ?? 30)

const args = process.argv.slice(2)
if (args.length === 0) {
  console.error('usage: npm run test:mutation -- <module.ts>[:line-line] [<module.ts> …]')
  process.exit(2)
}

let failed = false
for (const arg of args) {
  // `file.ts:40-60` mutates only those lines (Stryker's mutate range).
  const [file, lines] = arg.split(':')
  const module = relative(root, join(root, file))
  const tests = relatedTests[module] ?? sameNameTest(module)
  if (!tests) {
    console.error(`test:mutation: no related tests for ${module}; add them to stryker.config.mjs`)
    failed = true
    continue
  }
  const mutate = lines ? `${module}:${lines}` : module
  console.log(`test:mutation: ${mutate} against ${tests.join(', ')}`)
  const result = spawnSync(
    join(root, 'node_modules/.bin/stryker'),
    ['run', 'stryker.config.mjs', '--mutate', mutate],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MUTATION_TESTS: tests.join(',') },
      timeout: maxMinutes * 60_000,
      killSignal: 'SIGINT',
    },
  )
  if (result.error || result.status !== 0) {
    console.error(
      `test:mutation: stryker did not finish for ${module} (${result.error?.message ?? `exit ${result.status}`})`,
    )
    failed = true
    continue
  }
  summarize(module)
}
process.exit(failed ? 1 : 0)

function sameNameTest(module) {
  const test = module.replace(/\.ts$/, '.test.ts')
  return existsSync(join(root, test)) ? [test] : undefined
}

/** The score with the equivalent mutants listed in stryker.config.mjs left out. */
function summarize(module) {
  const report = JSON.parse(readFileSync(join(root, '.tmp/mutation/mutation.json'), 'utf8'))
  const mutants = report.files[module]?.mutants ?? []
  const known = equivalentMutants.filter((mutant) => mutant.file === module)
  const isEquivalent = (mutant) =>
    known.some(
      (equivalent) =>
        equivalent.line === mutant.location.start.line &&
        (equivalent.column === undefined || equivalent.column === mutant.location.start.column) &&
        equivalent.mutator === mutant.mutatorName &&
        (equivalent.replacement === undefined || equivalent.replacement === mutant.replacement),
    )
  const isKilled = (mutant) => ['Killed', 'Timeout'].includes(mutant.status)
  // A listed mutant that a test kills is not equivalent: it is counted, and the list is wrong.
  for (const mutant of mutants.filter((m) => isEquivalent(m) && isKilled(m)))
    console.log(`  killed, yet listed as equivalent: ${describe(mutant)}`)
  const counted = mutants.filter(
    (mutant) => !(isEquivalent(mutant) && !isKilled(mutant)) && mutant.status !== 'Ignored',
  )
  const killed = counted.filter(isKilled).length
  const scored = counted.filter(
    (mutant) => !['CompileError', 'RuntimeError'].includes(mutant.status),
  )
  const score = scored.length === 0 ? 100 : (100 * killed) / scored.length
  console.log(
    `test:mutation: ${module}: ${score.toFixed(1)} % (${killed} of ${scored.length} killed; ` +
      `${mutants.length - counted.length} equivalent left out)`,
  )
  for (const mutant of counted.filter((m) => ['Survived', 'NoCoverage'].includes(m.status)))
    console.log(`  ${mutant.status} ${describe(mutant)}`)

  function describe(mutant) {
    const { line, column } = mutant.location.start
    return `${module}:${line}:${column} ${mutant.mutatorName} → ${mutant.replacement}`
  }
}
