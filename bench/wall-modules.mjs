// `npm run bench:wall-modules` (issue 18): what the wall's cold load is made of, by package and
// by our own module, from two files the other bundle benches write:
//   .tmp/treemap.html            `npm run bench:treemap` (gzip size of every module per chunk)
//   .tmp/bundle-wall-files.txt   `npm run bench:bundle` (the chunks the wall loads)
// Run both on the same build. Sizes are each module's own gzip size, which adds up to more
// than the chunks' (gzip shares a dictionary within a file): read them as shares, not totals.
//   WALL_MODULES_TOP (default 25): how many lines each list prints.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const treemapFile = join(root, '.tmp/treemap.html')
const wallFile = join(root, '.tmp/bundle-wall-files.txt')
const top = Number(process.env.WALL_MODULES_TOP ?? 25)

for (const [file, command] of [
  [treemapFile, 'npm run bench:treemap'],
  [wallFile, 'npm run bench:bundle'],
]) {
  if (!existsSync(file)) {
    console.error(`bench:wall-modules: ${file} is missing; run \`${command}\` first`)
    process.exit(1)
  }
}

// rollup-plugin-visualizer embeds its data as `const data = {…};` in the page.
const embedded = /const data = (\{.*?\});\n/s.exec(readFileSync(treemapFile, 'utf8'))
if (!embedded) throw new Error(`no treemap data in ${treemapFile}`)
const { nodeMetas, nodeParts } = JSON.parse(embedded[1])
const wall = new Set(
  readFileSync(wallFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((file) => file.split('/').at(-1)),
)

const byPackage = new Map()
const byModule = new Map()
const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes)
for (const { id, moduleParts } of Object.values(nodeMetas)) {
  const bytes = Object.entries(moduleParts)
    .filter(([chunk]) => wall.has(chunk.split('/').at(-1)))
    .reduce((sum, [, part]) => sum + (nodeParts[part].gzipLength ?? 0), 0)
  if (bytes === 0) continue
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1]
  if (pkg) add(byPackage, pkg, bytes)
  else add(byModule, id.replace(root, '').replace(/^\//, ''), bytes)
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1).padStart(7)} kB`
const print = (title, map) => {
  console.log(`\n${title}`)
  for (const [name, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${kB(bytes)}  ${name}`)
}
console.log(`The wall's ${wall.size} chunks, by each module's own gzip size`)
print('Packages', byPackage)
print('Our modules', byModule)
