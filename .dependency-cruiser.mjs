// The house's boundaries (STYLE.md, docs/architecture.md), checked by `npm run lint`.
// Each rule's name is printed with every import that breaks it; its comment says why.
// tests/boundaries.test.ts breaks each rule on purpose (tests/fixtures/boundaries/) and expects it to fire.
import { fileURLToPath } from 'node:url'

// Server folders that every capability may use and that use none: infrastructure, not features.
const SERVER_FOUNDATION = [
  // The error type every layer throws (ProblemError, httpError); plugins/ turns it into an answer.
  'errors',
  'db',
  'plugins',
  'mail',
  // The member's language for what the server sends (issue 42): catalogues and their reader.
  'i18n',
  'rate-limit',
  'idempotency',
  'health',
  'content-policy',
  'events',
  // The hub (DESIGN §7): connections, groups, rosters, the backplane. It knows no session, wall
  // or room: app.ts hands it auth's authenticate, the wall's canWatch and the rooms' methods.
  'realtime',
]

// Server folders that compose capabilities, beside server/app.ts, main.ts and shutdown.ts:
// above every capability, so they may import any of them.
// A sync batch (ADR 0019) replays its entries through every capability's routes (app.inject).
const SERVER_COMPOSITION = ['sync']

// Server capabilities, lowest first: each may import the ones before it, never one after it.
const SERVER_CAPABILITIES = [
  'users',
  // The community's settings (issue 38): every page, mail and notification carries its name.
  'community',
  'auth',
  'groups',
  'reports',
  'intentions',
  'comments',
  'testimonies',
  // My Prayer List and reminder settings (issue 20); notifications send the reminders.
  'prayer-list',
  // Search (issue 43): composes what intentions, testimonies and prayer-list each let it find.
  'search',
  // Prayer rooms (issue 21): their hub methods, which app.ts hands to the hub; notifications
  // send their reminders.
  'rooms',
  'notifications',
  // Mail for members who never open the app (issue 46): digests, activity and reminders by
  // mail after what notifications raised, one-click unsubscribe, the bounce webhook.
  'digests',
  'moderation',
  // A member's own data (issue 40): the archive gathers every capability's part of it.
  'member-data',
  // The dashboard's figures (issue 38): aggregate reads of every capability's tables; /metrics
  // serves them as gauges.
  'dashboard',
  // Reads every capability's figures for /metrics (issue 23); capabilities reach it only
  // through the `app.metrics` decoration.
  'metrics',
]

// Test helpers (testing/ folders, *.test.ts) use any capability around the code they test.
const TEST_CODE = ['\\.test\\.tsx?$', '/testing/']

const alternatives = (names) => `(${names.join('|')})`

// The files that wire capabilities together: server/app.ts (with main.ts, shutdown.ts) and the
// composition folders.
const SERVER_COMPOSITION_FILES = [
  '^server/(app|main|shutdown)\\.ts$',
  `^server/${alternatives(SERVER_COMPOSITION)}/`,
]

const capabilityOrder = SERVER_CAPABILITIES.slice(0, -1).map((capability, index) => ({
  name: 'server-capability-order',
  comment: `server/${capability}/ comes before ${SERVER_CAPABILITIES.slice(index + 1).join(', ')} (docs/architecture.md): move the shared code down, or let the higher capability react to an event.`,
  severity: 'error',
  from: { path: `^server/${capability}/`, pathNot: TEST_CODE },
  to: { path: `^server/${alternatives(SERVER_CAPABILITIES.slice(index + 1))}/` },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files import one another one way only: a circle has no first file to read, test or load.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-only-zod',
      comment: 'contract/ is loaded by the page, the service worker and the server alike: zod and itself only.',
      severity: 'error',
      from: { path: '^contract/', pathNot: TEST_CODE },
      to: { pathNot: ['^contract/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'server-never-imports-client',
      comment: 'server/ shares with the page and the service worker only through contract/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|sw)/' },
    },
    {
      name: 'sw-imports-only-contract',
      comment: 'The service worker imports contract/ and its own libraries (workbox, idb-keyval): nothing of the page or the server.',
      severity: 'error',
      from: { path: '^sw/', pathNot: TEST_CODE },
      to: { pathNot: ['^sw/', '^contract/', '(^|/)node_modules/(workbox-[^/]+|idb-keyval)/'] },
    },
    {
      name: 'features-never-import-features',
      comment: 'A feature never imports another feature: compose them in routes or in src/app/.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'client-shared-never-imports-up',
      comment: 'src/components, src/ui, src/lib and src/theme are what every feature builds on: they import no feature and nothing of src/app/, which composes features (it hands them what features want).',
      severity: 'error',
      from: { path: '^src/(components|ui|lib|theme)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'ui-imports-no-mui',
      comment: "src/ui draws the first screen without MUI's runtime (ADR 0025): nothing from @mui/material, nor src/components, which is built on it. Icons come as path data (@mui/icons-material/X?svg-paths).",
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: ['(^|/)node_modules/@mui/material/', '^src/components/'] },
    },
    {
      name: 'server-foundation-imports-no-capability',
      comment: `${SERVER_FOUNDATION.map((name) => `server/${name}/`).join(', ')} and server/config*.ts sit below every capability (docs/architecture.md).`,
      severity: 'error',
      from: {
        path: [`^server/${alternatives(SERVER_FOUNDATION)}/`, '^server/config[^/]*\\.ts$'],
        pathNot: TEST_CODE,
      },
      to: { path: `^server/${alternatives(SERVER_CAPABILITIES)}/` },
    },
    {
      name: 'server-tables-are-private',
      comment:
        "A capability's tables are its own (STYLE: never another capability's repository or table): ask the owning capability for the read you need, exported from a file of its own. A *.table.ts may name another's table for a foreign key. Today's imports are frozen in .dependency-cruiser-known-violations.json, which may only shrink (docs/architecture.md).",
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: ['\\.table\\.ts$', ...TEST_CODE] },
      to: { path: '^server/[^/]+/.+\\.table\\.ts$', pathNot: '^server/$1/' },
    },
    {
      name: 'server-composition-on-top',
      comment:
        'server/app.ts (with main.ts, shutdown.ts) and server/sync/ wire every capability together: within server/ only they import them. A folder (its testing/ helpers included) importing app.ts depends on every capability; test helpers that build the app live in tests/helpers/. A *.test.ts file may, as nothing imports it.',
      severity: 'error',
      from: { path: '^server/', pathNot: [...SERVER_COMPOSITION_FILES, '\\.test\\.tsx?$'] },
      to: { path: SERVER_COMPOSITION_FILES },
    },
    {
      name: 'server-folder-has-a-place',
      comment: 'Every server folder is foundation, a capability with its place in the order or composition: add a new one to one of the lists here and to docs/architecture.md.',
      severity: 'error',
      from: {
        path: '^server/[^/]+/',
        pathNot: `^server/${alternatives([...SERVER_FOUNDATION, ...SERVER_CAPABILITIES, ...SERVER_COMPOSITION])}/`,
      },
      to: {},
    },
    ...capabilityOrder,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^tests/fixtures/boundaries/'] },
    // Type-only imports count: a type circle is still a circle, and types carry a capability's rules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: fileURLToPath(new URL('tsconfig.base.json', import.meta.url)) },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
