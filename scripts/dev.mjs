// `npm run dev`: the API (tsx watch, restarted on change) on API_PORT and Vite (hot reload, with
// /api /auth /hub /__dev proxied to the API, see vite.config.ts) on PORT. Ctrl-C stops both.
import { spawn } from 'node:child_process'

const port = process.env.PORT ?? '3000'
const apiPort = process.env.API_PORT ?? '3001'
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname

const children = [
  spawn(bin('tsx'), ['watch', '--tsconfig', 'tsconfig.node.json', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    // Links in mail and OAuth redirects must point at the page the developer uses: Vite's port.
    env: { PUBLIC_URL: `http://localhost:${port}`, ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn(bin('vite'), ['--port', port, '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
]

let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  process.exitCode = code
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
