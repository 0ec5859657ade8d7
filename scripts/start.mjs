// `npm start`: builds when the build is missing or older than its sources, then runs the bundled
// server (migrations are applied by the server itself at start).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const outputs = ['dist/client/index.html', 'dist/server/main.js']
const sources = ['src', 'sw', 'server', 'contract', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function needsBuild() {
  const built = outputs.map((file) => join(root, file))
  if (!built.every(existsSync)) return true
  const oldestOutput = Math.min(...built.map((file) => statSync(file).mtimeMs))
  return sources.some((source) => newestMtime(join(root, source)) > oldestOutput)
}

if (needsBuild()) {
  console.log('Building the app (sources changed or no build yet)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
})
// The server shuts down gracefully on these; forward them and exit with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
