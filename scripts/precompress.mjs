// Build step after `vite build`: writes .br and .gz beside every compressible file of
// dist/client, so the server sends them with @fastify/static's `preCompressed` instead of
// compressing on each request (issue 2: the landing JS went out uncompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const client = fileURLToPath(new URL('../dist/client/', import.meta.url))
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest)$/
// Below ~1 kB the headers outweigh the saving.
const MIN_BYTES = 1024

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, which the server never serves.
    if (entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

let raw = 0
let brotli = 0
let count = 0
for (const path of files(client)) {
  if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue
  const bytes = readFileSync(path)
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  })
  const gz = gzipSync(bytes, { level: 9 })
  // A variant that is not smaller is not written; the server then falls back to the next one.
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br)
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz)
  raw += bytes.length
  brotli += Math.min(br.length, bytes.length)
  count += 1
}
if (count === 0) throw new Error(`precompress: nothing to compress in ${relative(process.cwd(), client)}`)
console.log(
  `precompressed ${count} files: ${(raw / 1000).toFixed(1)} kB -> ${(brotli / 1000).toFixed(1)} kB brotli`,
)
