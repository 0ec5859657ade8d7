// `npm start`: builds when the build is missing or older than its sources, then runs the bundled
// server (migrations are applied by the server itself at start).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfNeeded } from './build-if-needed.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
if (!buildIfNeeded(root)) process.exit(1)

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
})
// The server shuts down gracefully on these; forward them and exit with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
