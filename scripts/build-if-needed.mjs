// Builds when the build is missing or older than its sources (`npm start`, `npm run stack`).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const outputs = ['dist/client/index.html', 'dist/server/main.js']
const sources = [
  'src',
  'sw',
  'server',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'package-lock.json',
]

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function needsBuild(root) {
  const built = outputs.map((file) => join(root, file))
  if (!built.every(existsSync)) return true
  const oldestOutput = Math.min(...built.map((file) => statSync(file).mtimeMs))
  return sources.some((source) => newestMtime(join(root, source)) > oldestOutput)
}

/** False when the build failed (its output is already on the console). */
export function buildIfNeeded(root) {
  if (!needsBuild(root)) return true
  console.log('Building the app (sources changed or no build yet)…')
  return spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status === 0
}
