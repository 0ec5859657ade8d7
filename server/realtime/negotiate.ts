import { randomBytes } from 'node:crypto'

// Negotiate (TransportProtocols.md; notes §1). Pure apart from `newConnectionIds`.

export const TRANSPORTS = ['WebSockets', 'ServerSentEvents', 'LongPolling'] as const
export type TransportName = (typeof TRANSPORTS)[number]

// The client tries transports in this order and falls back after a failure.
const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
]

/** Query values with case-insensitive keys, as ASP.NET Core matches them. */
export function queryValue(url: string, key: string): string | undefined {
  const search = new URL(url, 'http://x').searchParams
  const wanted = key.toLowerCase()
  for (const [name, value] of search) if (name.toLowerCase() === wanted) return value
  return undefined
}

export type NegotiateVersion = { ok: true; version: 0 | 1 } | { ok: false; error: string }

export function negotiateVersion(raw: string | undefined): NegotiateVersion {
  if (raw === undefined) return { ok: true, version: 0 }
  if (!/^-?\d+$/.test(raw))
    return { ok: false, error: `The client requested an invalid protocol version '${raw}'` }
  const requested = Number(raw)
  if (requested < 0) {
    return {
      ok: false,
      error: `The client requested version '${raw}', but the server does not support this version.`,
    }
  }
  return { ok: true, version: requested >= 1 ? 1 : 0 }
}

// base64url keeps them URL-safe: the client appends `?id=` without encoding (notes §1).
const randomId = (): string => randomBytes(16).toString('base64url')

export function newConnectionIds(version: 0 | 1): { connectionId: string; token: string } {
  const connectionId = randomId()
  // Version 0 has no separate secret: the public id is the token.
  return { connectionId, token: version === 1 ? randomId() : connectionId }
}

export function negotiateResponse(
  version: 0 | 1,
  ids: { connectionId: string; token: string },
): object {
  // Never answer useStatefulReconnect:true (the client fails when it did not ask) nor ProtocolVersion.
  return version === 1
    ? {
        negotiateVersion: 1,
        connectionId: ids.connectionId,
        connectionToken: ids.token,
        useStatefulReconnect: false,
        availableTransports: AVAILABLE_TRANSPORTS,
      }
    : {
        negotiateVersion: 0,
        connectionId: ids.connectionId,
        availableTransports: AVAILABLE_TRANSPORTS,
      }
}
