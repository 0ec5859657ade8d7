import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server'
import { z } from 'zod'

// The "Google" of the e2e run: a real OAuth2 server (oauth2-mock-server) on loopback, reached by
// the browser (authorize) and by the app (token, userinfo) at the same http://127.0.0.1:<port>.
// Its authorize endpoint signs the person in at once, like a browser already signed in to
// Google. Which account that is, is set by the test through PUT /e2e/account, so each test (and
// each retry) can use a new person; the run-wide default is below.

const AccountSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean(),
  given_name: z.string(),
  family_name: z.string(),
})
export type GoogleAccount = z.infer<typeof AccountSchema>

export const ACCOUNT_PATH = '/e2e/account'

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

export async function startGoogleProvider() {
  const issuer = new OAuth2Issuer()
  await issuer.keys.generate('RS256')
  const service = new OAuth2Service(issuer)
  let account: GoogleAccount = {
    sub: 'e2e-google-1',
    email: 'google.user@example.org',
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
  }
  // The userinfo answer is the signed-in account's OpenID Connect claims.
  service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = account
  })

  const server = createServer((request, response) => {
    if (request.url !== ACCOUNT_PATH || request.method !== 'PUT') {
      service.requestHandler(request, response)
      return
    }
    readJson(request).then(
      (body) => {
        account = AccountSchema.parse(body)
        response.writeHead(204).end()
      },
      (error: Error) => response.writeHead(400).end(error.message),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  issuer.url = url

  return {
    url,
    /** The GOOGLE_* variables that point the app at this server. */
    env: {
      GOOGLE_CLIENT_ID: 'e2e-google-client',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_AUTHORIZE_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
