import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface CountingServer {
  origin: string
  requests(): number
  close(): Promise<void>
}

/** A local HTTP server that counts what reaches it: proof that an SVG's reference was never fetched. */
export async function startCountingServer(): Promise<CountingServer> {
  let requests = 0
  const server = createServer((_, response) => {
    requests += 1
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
