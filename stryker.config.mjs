// Mutation testing (docs/testing.md): `npm run test:mutation -- <module>` mutates one module
// and runs only its related test files (scripts/mutation.mjs), never the whole suite.
// Pinned to 9.6.1: Stryker 10 needs Node 22, and the image runs Node 20.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The related files are chosen by scripts/mutation.mjs, not by Vitest's import graph: a
  // contract module is imported by hundreds of test files.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Two cores shared with other work: one test process at a time.
  concurrency: 1,
  // A mutant that loops is cut off at 3x its tests' normal time plus this margin for a loaded machine.
  timeoutFactor: 3,
  timeoutMS: 30_000,
  // Equivalent mutants: a mutant no test can tell from the code, each excluded with its reason.
  // Stryker has no per-mutant ignore in its config, so they are listed here and subtracted in
  // scripts/mutation.mjs's summary (`file:line:column mutator`).
  tempDirName: '.tmp/stryker',
  ignorePatterns: ['/.tmp', '/dist', '/coverage', '/test-results', '/playwright-report', '/data'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.tmp/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
}

/** The test files that hold a module's behaviour: only these run against its mutants. */
export const relatedTests = {
  'contract/text.ts': ['contract/text.test.ts'],
  'contract/notification-delivery.ts': ['contract/notification-delivery.test.ts'],
  'server/realtime/protocol.ts': ['server/realtime/protocol.test.ts'],
  'server/intentions/intention-access.ts': [
    'server/intentions/intention-access.test.ts',
    'server/intentions/intentions.permissions.test.ts',
    'server/intentions/intentions.privacy.test.ts',
  ],
  'server/events/deliveries.ts': [
    'server/events/deliveries.test.ts',
    'server/events/dispatcher.test.ts',
    'server/events/leases.test.ts',
  ],
  'server/notifications/notification-settings.service.ts': [
    'server/notifications/notification-settings.routes.test.ts',
  ],
}

/**
 * Mutants no test can tell from the code (`line` is where Stryker reports them); the summary
 * of scripts/mutation.mjs leaves them out of the score.
 * @type {{ file: string, line: number, column?: number, mutator: string, replacement?: string, reason: string }[]}
 */
export const equivalentMutants = [
  {
    file: 'contract/text.ts',
    line: 28,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason: 'z.string({ error: undefined }) words a refusal as z.string() does (checked by hand)',
  },
  {
    file: 'contract/text.ts',
    line: 58,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason:
      'cutText without its early return: slicing text within the limit returns it whole, and ' +
      'text that passed the text rule never ends in a lone high surrogate',
  },
  {
    file: 'contract/text.ts',
    line: 58,
    mutator: 'EqualityOperator',
    replacement: 'value.length < max',
    reason: 'the same: text of exactly `max` characters is sliced whole',
  },
  {
    file: 'contract/notification-delivery.ts',
    line: 19,
    mutator: 'OptionalChaining',
    reason:
      'formatToParts with hour and minute asked for always has both parts: `?.` never sees undefined',
  },
  {
    file: 'contract/notification-delivery.ts',
    line: 33,
    mutator: 'EqualityOperator',
    replacement: 'from <= to',
    reason:
      'equal times returned false just before: `from <= to` and `from < to` never differ here',
  },
  {
    file: 'contract/notification-delivery.ts',
    line: 45,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    reason: 'without the null check, a set of intention ids never has null: `has(null)` is false',
  },
  {
    file: 'server/realtime/protocol.ts',
    line: 23,
    mutator: 'StringLiteral',
    reason: "split() returns at least one part, so `parts.pop() ?? ''` never uses its fallback",
  },
  {
    file: 'server/realtime/protocol.ts',
    line: 130,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason: 'a completion with `result: undefined` is the same JSON as one without `result`',
  },
  {
    file: 'server/events/deliveries.ts',
    line: 25,
    mutator: 'ObjectLiteral',
    reason:
      'fanOut without SKIP LOCKED: a second process waits for the lock instead of skipping, the ' +
      'same deliveries later; PGlite (the mutation run) has one connection, so no test holds a ' +
      'lock meanwhile',
  },
  {
    file: 'server/events/deliveries.ts',
    line: 25,
    mutator: 'BooleanLiteral',
    reason: 'the same (skipLocked: false)',
  },
  {
    file: 'server/events/deliveries.ts',
    line: 26,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason: 'a shortcut: with no event, nothing is inserted (the guard) or updated, and 0 returned',
  },
  {
    file: 'server/events/deliveries.ts',
    line: 79,
    column: 22,
    mutator: 'EqualityOperator',
    replacement: 'a.event.id <= b.event.id',
    reason: "a batch is one subscriber's deliveries: its event ids are distinct (primary key)",
  },
  {
    file: 'server/events/deliveries.ts',
    line: 79,
    mutator: 'EqualityOperator',
    replacement: 'a.event.id >= b.event.id',
    reason: 'the same: distinct ids, so `>=` is `>` for the ids that reach it',
  },
]
