import { describe, expect, it } from 'vitest'
import { parseCookies } from './auth'
import { negotiateResponse, negotiateVersion, newConnectionIds, queryValue } from './negotiate'
import { formatEvent } from './transports/server-sent-events'

describe('negotiate', () => {
  it('answers version 1 with a separate secret token and our transports in order', () => {
    const ids = newConnectionIds(1)
    expect(ids.token).not.toBe(ids.connectionId)
    expect(negotiateResponse(1, ids)).toEqual({
      negotiateVersion: 1,
      connectionId: ids.connectionId,
      connectionToken: ids.token,
      useStatefulReconnect: false,
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    })
  })

  it('answers version 0 without a token: the id is the token', () => {
    const ids = newConnectionIds(0)
    expect(ids.token).toBe(ids.connectionId)
    const response = negotiateResponse(0, ids)
    expect(response).toMatchObject({ negotiateVersion: 0, connectionId: ids.connectionId })
    expect(response).not.toHaveProperty('connectionToken')
  })

  it('makes URL-safe ids of 16 random bytes, never the same twice', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 200; i++) {
      const { connectionId, token } = newConnectionIds(1)
      for (const id of [connectionId, token]) {
        expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
        seen.add(id)
      }
    }
    expect(seen.size).toBe(400)
  })

  it('picks min(requested, 1), treats a missing version as 0 and refuses bad ones', () => {
    expect(negotiateVersion('1')).toEqual({ ok: true, version: 1 })
    expect(negotiateVersion('5')).toEqual({ ok: true, version: 1 })
    expect(negotiateVersion('0')).toEqual({ ok: true, version: 0 })
    expect(negotiateVersion(undefined)).toEqual({ ok: true, version: 0 })
    expect(negotiateVersion('abc')).toEqual({
      ok: false,
      error: "The client requested an invalid protocol version 'abc'",
    })
    expect(negotiateVersion('-1')).toMatchObject({ ok: false })
  })

  it('reads query keys case-insensitively', () => {
    expect(queryValue('/hub?ID=abc&x=1', 'id')).toBe('abc')
    expect(queryValue('/hub/negotiate?NegotiateVersion=1', 'negotiateVersion')).toBe('1')
    expect(queryValue('/hub', 'id')).toBeUndefined()
  })
})

describe('cookies for authenticate', () => {
  it('parses the session cookie even with Set-Cookie attributes mixed in', () => {
    expect(parseCookies('session=abc; Path=/; HttpOnly; theme=dark')).toMatchObject({
      session: 'abc',
      theme: 'dark',
    })
    expect(parseCookies('session="q%20q"')).toEqual({ session: 'q q' })
    expect(parseCookies('session=%E0%A4%A')).toEqual({ session: '%E0%A4%A' })
    expect(parseCookies(undefined)).toEqual({})
  })

  it('keeps the first of duplicate names and ignores names from Object.prototype', () => {
    expect(parseCookies('a=1; a=2; constructor=x')).toEqual({ a: '1', constructor: 'x' })
  })
})

describe('server-sent events framing', () => {
  it('sends one event per chunk, one data line per payload line', () => {
    expect(formatEvent('{"type":6}\u001e')).toBe('data: {"type":6}\u001e\r\n\r\n')
    expect(formatEvent('a\nb\r\nc')).toBe('data: a\r\ndata: b\r\ndata: c\r\n\r\n')
  })
})
