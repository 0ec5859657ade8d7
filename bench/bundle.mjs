// `npm run bench:bundle`: what the landing page downloads before it is interactive, and what
// each route adds on navigation (issue 2 targets: landing JS <= 120 kB gzip, no route over
// 150 kB gzip). Prints figures and flags misses; never fails (sizes are reviewed, not gated).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('..', import.meta.url))
const client = join(root, 'dist/client')
const LANDING_JS_TARGET = 120_000
const ROUTE_TARGET = 150_000

if (!existsSync(join(client, 'index.html'))) {
  console.log('bench:bundle: dist/client is missing; running `npm run build` first')
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const sizes = new Map()
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(client, file))
    sizes.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes).length,
    })
  }
  return sizes.get(file)
}

const total = (files) =>
  [...files].map(sizeOf).reduce(
    (sum, size) => ({
      raw: sum.raw + size.raw,
      gzip: sum.gzip + size.gzip,
      brotli: sum.brotli + size.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  )

// Vite's units (1 kB = 1000 B) so the figures match its build log.
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const figures = (size) => `${kB(size.raw)} raw, ${kB(size.gzip)} gzip, ${kB(size.brotli)} brotli`
const flag = (bytes, target) => (bytes <= target ? 'ok' : `OVER TARGET (${kB(target)} gzip)`)

const manifestFile = join(client, '.vite/manifest.json')
const { landing, routes } = existsSync(manifestFile)
  ? fromManifest(JSON.parse(readFileSync(manifestFile, 'utf8')))
  : fromHtml()

function fromManifest(manifest) {
  // Static-import closure of a manifest key: the chunk, its shared chunks and their CSS.
  const closure = (key, into = { js: new Set(), css: new Set() }) => {
    const chunk = manifest[key]
    if (!chunk || into.js.has(chunk.file)) return into
    into.js.add(chunk.file)
    for (const css of chunk.css ?? []) into.css.add(css)
    for (const imported of chunk.imports ?? []) closure(imported, into)
    return into
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const landing = closure(entryKey)
  // The `/` route: an index.tsx at the top of src/routes, possibly under pathless `_layout`
  // folders, plus those layouts' own files. The router loads their split chunks at start-up.
  const source = (key) => key.replace(/\?.*$/, '')
  const dynamicKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry)
  const indexKey = dynamicKeys.find((key) =>
    /^src\/routes\/(?:_[^/]+\/)*index\.tsx$/.test(source(key)),
  )
  const landingSources = new Set()
  if (indexKey) {
    const segments = source(indexKey).split('/').slice(2, -1)
    segments.forEach((_, i) =>
      landingSources.add(`src/routes/${segments.slice(0, i + 1).join('/')}.tsx`),
    )
    landingSources.add(source(indexKey))
  }
  for (const key of dynamicKeys) {
    if (landingSources.has(source(key))) closure(key, landing)
  }
  const routes = dynamicKeys
    .filter((key) => !landingSources.has(source(key)))
    .map((key) => {
      const { js, css } = closure(key)
      const added = [...js, ...css].filter(
        (file) => !landing.js.has(file) && !landing.css.has(file),
      )
      return { name: source(key), own: sizeOf(manifest[key].file), added: total(added) }
    })
  console.log(`landing route files: ${[...landingSources].join(', ') || '(none found)'}`)
  return { landing, routes }
}

// Without .vite/manifest.json (build.manifest off) only index.html's entry can be followed:
// the landing route's lazy chunks are then missing from the landing figure.
function fromHtml() {
  console.log('note: dist/client/.vite/manifest.json is missing; landing route chunks not counted')
  const html = readFileSync(join(client, 'index.html'), 'utf8')
  const attr = (pattern) => [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''))
  const landing = {
    js: new Set(),
    css: new Set(attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)),
  }
  const dynamic = new Set()
  const follow = (file) => {
    if (landing.js.has(file)) return
    landing.js.add(file)
    const code = readFileSync(join(client, file), 'utf8')
    const dir = file.slice(0, file.lastIndexOf('/') + 1)
    for (const [, spec] of code.matchAll(/(?:from|import)\s*["'`](\.\/[^"'`]+\.js)["'`]/g)) {
      follow(dir + spec.slice(2))
    }
    for (const [, spec] of code.matchAll(/import\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)) {
      dynamic.add(dir + spec.slice(2))
    }
  }
  for (const file of attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) follow(file)
  for (const file of attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) follow(file)
  const routes = [...dynamic].map((file) => ({
    name: file,
    own: sizeOf(file),
    added: sizeOf(file),
  }))
  return { landing, routes }
}

const landingJs = total(landing.js)
console.log(
  `\nLanding page before interactive (${landing.js.size} JS files, ${landing.css.size} CSS):`,
)
console.log(`  JS : ${figures(landingJs)}  [${flag(landingJs.gzip, LANDING_JS_TARGET)}]`)
console.log(`  CSS: ${figures(total(landing.css))}`)

console.log(
  `\nLazy chunks: routes and deferred UI (own size; "adds" = what opening it downloads after the landing):`,
)
const width = Math.max(...routes.map((route) => route.name.length), 10)
for (const route of routes.sort((a, b) => b.added.gzip - a.added.gzip)) {
  console.log(
    `  ${route.name.padEnd(width)}  own ${kB(route.own.gzip).padStart(9)} gzip  ` +
      `adds ${kB(route.added.gzip).padStart(9)} gzip ${kB(route.added.brotli).padStart(9)} br  ` +
      `[${flag(route.added.gzip, ROUTE_TARGET)}]`,
  )
}
const over = routes.filter((route) => route.added.gzip > ROUTE_TARGET).length
const landingOk = landingJs.gzip <= LANDING_JS_TARGET
console.log(
  `\nTargets: landing JS ${landingOk ? 'met' : 'MISSED'}; ` +
    `${over ? `${over} route(s) over ${kB(ROUTE_TARGET)} gzip` : 'every route within target'}.`,
)
