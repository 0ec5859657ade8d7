import { describe, expect, it } from 'vitest'
import {
  CLOSE_WITH_ERROR,
  closeRecord,
  completionRecord,
  formatRecord,
  HANDSHAKE_OK,
  handshakeError,
  invocationRecord,
  MessageType,
  parseHandshake,
  parseMessage,
  PING_RECORD,
  RECORD_SEPARATOR,
  splitRecords,
  streamingMismatchError,
  unexpectedError,
  unknownMethodError,
} from './protocol'

const RS = RECORD_SEPARATOR

describe('record framing', () => {
  it('splits several records and keeps an unfinished one for later', () => {
    expect(splitRecords(`{"a":1}${RS}{"b":2}${RS}{"c"`)).toEqual({
      records: ['{"a":1}', '{"b":2}'],
      rest: '{"c"',
    })
  })

  it('reassembles a record that arrives in pieces', () => {
    const first = splitRecords('{"type":6')
    expect(first).toEqual({ records: [], rest: '{"type":6' })
    const second = splitRecords(first.rest + `}${RS}{"type"`)
    expect(second).toEqual({ records: ['{"type":6}'], rest: '{"type"' })
    expect(splitRecords(second.rest + `:6}${RS}`)).toEqual({ records: ['{"type":6}'], rest: '' })
  })

  it('returns nothing for an empty buffer', () => {
    expect(splitRecords('')).toEqual({ records: [], rest: '' })
  })

  it('ends every record with the separator and escapes one inside a string', () => {
    const record = formatRecord({ text: `a${RS}b` })
    expect(record.endsWith(RS)).toBe(true)
    expect(record.indexOf(RS)).toBe(record.length - 1)
    expect(JSON.parse(record.slice(0, -1))).toEqual({ text: `a${RS}b` })
  })
})

describe('handshake', () => {
  it('accepts json version 1 and answers an empty object without a type', () => {
    expect(parseHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true })
    expect(HANDSHAKE_OK).toBe(`{}${RS}`)
  })

  it('refuses other protocols and versions with .NET’s messages', () => {
    expect(parseHandshake('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "The protocol 'messagepack' is not supported.",
    })
    expect(parseHandshake('{"protocol":"json","version":2}')).toEqual({
      ok: false,
      error: "The server does not support version 2 of the 'json' protocol.",
    })
  })

  it('refuses invalid JSON and missing fields, saying which', () => {
    const missing = { ok: false, error: 'Handshake request is missing protocol or version.' }
    expect(parseHandshake('{"protocol":')).toEqual({
      ok: false,
      error: 'Handshake request is not valid JSON.',
    })
    expect(parseHandshake('{"protocol":"json"}')).toEqual(missing)
    expect(parseHandshake('{"protocol":"json","version":1.5}')).toEqual(missing)
    expect(parseHandshake('[]')).toEqual(missing)
  })

  it('formats a handshake error record', () => {
    expect(handshakeError('nope')).toBe(`{"error":"nope"}${RS}`)
  })
})

describe('parsing client messages', () => {
  it('reads an invocation with and without an id', () => {
    expect(parseMessage('{"type":1,"invocationId":"0","target":"Add","arguments":[1,2]}')).toEqual({
      ok: true,
      message: { type: 1, invocationId: '0', target: 'Add', arguments: [1, 2] },
    })
    expect(parseMessage('{"type":1,"target":"Fire","arguments":[]}')).toMatchObject({
      ok: true,
      message: { type: 1, target: 'Fire' },
    })
  })

  it('reads invocation ids of any length, as a client counts past 9', () => {
    for (const record of [
      '{"type":1,"invocationId":"10","target":"Add","arguments":[]}',
      '{"type":3,"invocationId":"10","result":5}',
      '{"type":5,"invocationId":"123"}',
    ])
      expect(parseMessage(record)).toEqual({ ok: true, message: JSON.parse(record) })
  })

  it('reads every other message type', () => {
    const cases = [
      '{"type":2,"invocationId":"1","item":"x"}',
      '{"type":3,"invocationId":"1","result":5}',
      '{"type":3,"invocationId":"1","error":"bad"}',
      '{"type":4,"invocationId":"1","target":"S","arguments":[]}',
      '{"type":5,"invocationId":"1"}',
      '{"type":6}',
      '{"type":7,"error":"x","allowReconnect":true}',
      '{"type":8,"sequenceId":3}',
      '{"type":9,"sequenceId":1}',
    ]
    for (const record of cases)
      expect(parseMessage(record)).toEqual({ ok: true, message: JSON.parse(record) })
  })

  it('rejects malformed messages', () => {
    expect(parseMessage('{"type":1,')).toEqual({ ok: false, error: 'Message is not valid JSON.' })
    expect(parseMessage('{"type":1,"invocationId":"0","arguments":[]}')).toMatchObject({
      ok: false,
    })
    expect(parseMessage('{"type":1,"target":"X","arguments":{}}')).toMatchObject({ ok: false })
    expect(parseMessage('{"type":4,"target":"X","arguments":[]}')).toMatchObject({ ok: false })
    expect(parseMessage('{"type":"1"}')).toMatchObject({ ok: false })
    expect(parseMessage('null')).toMatchObject({ ok: false })
  })

  it('refuses an empty invocation id or target, naming the message type', () => {
    expect(parseMessage('{"type":3,"invocationId":""}')).toEqual({
      ok: false,
      error: 'Invalid message of type 3.',
    })
    expect(parseMessage('{"type":1,"target":"","arguments":[]}')).toEqual({
      ok: false,
      error: 'Invalid message of type 1.',
    })
    expect(parseMessage('null')).toEqual({ ok: false, error: 'Invalid message of type undefined.' })
  })

  it('ignores unknown message types, as the spec asks of receivers', () => {
    expect(parseMessage('{"type":42,"whatever":true}')).toEqual({
      ok: true,
      message: { type: MessageType.Ping },
    })
  })
})

describe('server messages', () => {
  const parse = (record: string): unknown => {
    expect(record.endsWith(RS)).toBe(true)
    return JSON.parse(record.slice(0, -1))
  }

  it('sends notifications as invocations without an id', () => {
    expect(parse(invocationRecord('UnreadCountUpdate', [{ unreadCount: 2 }]))).toEqual({
      type: 1,
      target: 'UnreadCountUpdate',
      arguments: [{ unreadCount: 2 }],
    })
  })

  it('completes with a result, without one for void, or with an error', () => {
    expect(parse(completionRecord('7', { result: 0 }))).toEqual({
      type: 3,
      invocationId: '7',
      result: 0,
    })
    expect(parse(completionRecord('7', { result: null }))).toEqual({
      type: 3,
      invocationId: '7',
      result: null,
    })
    expect(parse(completionRecord('7', { result: undefined }))).toEqual({
      type: 3,
      invocationId: '7',
    })
    expect(parse(completionRecord('7', { error: 'boom' }))).toEqual({
      type: 3,
      invocationId: '7',
      error: 'boom',
    })
  })

  it('pings and closes like .NET', () => {
    expect(parse(PING_RECORD)).toEqual({ type: 6 })
    expect(parse(closeRecord())).toEqual({ type: 7 })
    expect(parse(CLOSE_WITH_ERROR)).toEqual({
      type: 7,
      error: 'Connection closed with an error.',
      allowReconnect: true,
    })
  })

  it('uses the error strings the client tests check', () => {
    expect(unknownMethodError('Nope')).toBe("Unknown hub method 'Nope'")
    expect(streamingMismatchError('Add')).toBe(
      "The client attempted to invoke the non-streaming 'Add' method with a streaming invocation.",
    )
    expect(unexpectedError('Add')).toBe(
      "An unexpected error occurred invoking 'Add' on the server.",
    )
    expect(unexpectedError('Add', 'No.')).toBe(
      "An unexpected error occurred invoking 'Add' on the server. HubException: No.",
    )
  })
})
