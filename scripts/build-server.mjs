// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies the
// SQL migrations beside it, where server/db/migrate.ts looks for them at run time.
import { cpSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}dist/server`

rmSync(outdir, { recursive: true, force: true })
await build({
  entryPoints: [`${root}server/main.ts`],
  outfile: `${outdir}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: `${root}tsconfig.node.json`,
  logLevel: 'warning',
})
cpSync(`${root}server/db/migrations`, `${outdir}/migrations`, { recursive: true })
console.log('server bundled to dist/server/main.js')
