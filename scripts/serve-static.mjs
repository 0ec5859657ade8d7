// A tiny static server for built client files, with the SPA fallback to index.html, so asset
// scripts can photograph the real app without starting the API.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain',
  '.woff2': 'font/woff2',
}

async function isFile(path) {
  return (await stat(path).catch(() => null))?.isFile() ?? false
}

/** Serves `root` on a free localhost port; resolves to { origin, close }. */
export async function serveStatic(root) {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    const candidate = join(root, normalize(pathname).replace(/^(\.\.[/\\])+/, ''))
    const file = (await isFile(candidate)) ? candidate : join(root, 'index.html')
    if (!(await isFile(file))) return void res.writeHead(404).end()
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
    createReadStream(file).pipe(res)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
