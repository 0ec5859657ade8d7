import { z } from 'zod'

// The SignalR JSON hub protocol as @microsoft/signalr 10.x speaks it (HubProtocol.md;
// shared/notes/signalr-protocol.md §3). Pure: no I/O, no clock, so every rule is unit-tested.

export const RECORD_SEPARATOR = '\u001e'

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const

/** Splits a text buffer into complete records; `rest` is an unfinished record to keep for the next chunk. */
export function splitRecords(buffer: string): { records: string[]; rest: string } {
  const parts = buffer.split(RECORD_SEPARATOR)
  const rest = parts.pop() ?? ''
  return { records: parts, rest }
}

export function formatRecord(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR
}

export type HandshakeResult = { ok: true } | { ok: false; error: string }

// Only json v1: v2 is stateful reconnect, which we do not negotiate (notes §3 "Handshake").
export function parseHandshake(record: string): HandshakeResult {
  let value: unknown
  try {
    value = JSON.parse(record)
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' }
  }
  const parsed = z.object({ protocol: z.string(), version: z.number().int() }).safeParse(value)
  if (!parsed.success)
    return { ok: false, error: 'Handshake request is missing protocol or version.' }
  const { protocol, version } = parsed.data
  if (protocol !== 'json')
    return { ok: false, error: `The protocol '${protocol}' is not supported.` }
  if (version !== 1) {
    return {
      ok: false,
      error: `The server does not support version ${version} of the 'json' protocol.`,
    }
  }
  return { ok: true }
}

// The handshake reply has no `type` field; the client reads it before any other record.
export const HANDSHAKE_OK = formatRecord({})
export const handshakeError = (error: string): string => formatRecord({ error })

const invocationId = z.string().min(1)
const headers = z.record(z.string(), z.string()).optional()

const InvocationMessageSchema = z.object({
  type: z.literal(MessageType.Invocation),
  invocationId: invocationId.optional(),
  target: z.string().min(1),
  arguments: z.array(z.unknown()),
  streamIds: z.array(z.string()).optional(),
  headers,
})
const StreamInvocationMessageSchema = InvocationMessageSchema.extend({
  type: z.literal(MessageType.StreamInvocation),
  invocationId,
})

export const HubMessageSchema = z.discriminatedUnion('type', [
  InvocationMessageSchema,
  StreamInvocationMessageSchema,
  z.object({ type: z.literal(MessageType.StreamItem), invocationId, item: z.unknown(), headers }),
  z.object({
    type: z.literal(MessageType.Completion),
    invocationId,
    result: z.unknown().optional(),
    error: z.string().optional(),
    headers,
  }),
  z.object({ type: z.literal(MessageType.CancelInvocation), invocationId, headers }),
  z.object({ type: z.literal(MessageType.Ping) }),
  z.object({
    type: z.literal(MessageType.Close),
    error: z.string().optional(),
    allowReconnect: z.boolean().optional(),
  }),
  z.object({ type: z.literal(MessageType.Ack), sequenceId: z.number().int() }),
  z.object({ type: z.literal(MessageType.Sequence), sequenceId: z.number().int() }),
])
export type HubMessage = z.infer<typeof HubMessageSchema>

export type ParsedMessage = { ok: true; message: HubMessage } | { ok: false; error: string }

export function parseMessage(record: string): ParsedMessage {
  let value: unknown
  try {
    value = JSON.parse(record)
  } catch {
    return { ok: false, error: 'Message is not valid JSON.' }
  }
  const parsed = HubMessageSchema.safeParse(value)
  if (parsed.success) return { ok: true, message: parsed.data }
  const type = (value as { type?: unknown } | null)?.type
  // The spec tells receivers to ignore unknown types, so newer clients stay compatible.
  if (typeof type === 'number' && !Object.values(MessageType).includes(type as never)) {
    return { ok: true, message: { type: MessageType.Ping } }
  }
  return { ok: false, error: `Invalid message of type ${String(type)}.` }
}

// Server notifications are invocations without an id: the client does not answer them.
export const invocationRecord = (target: string, args: readonly unknown[]): string =>
  formatRecord({ type: MessageType.Invocation, target, arguments: args })

// `result` is omitted for void methods, as .NET does.
export const completionRecord = (
  id: string,
  outcome: { result?: unknown } | { error: string },
): string =>
  'error' in outcome
    ? formatRecord({ type: MessageType.Completion, invocationId: id, error: outcome.error })
    : formatRecord(
        outcome.result === undefined
          ? { type: MessageType.Completion, invocationId: id }
          : { type: MessageType.Completion, invocationId: id, result: outcome.result },
      )

export const PING_RECORD = formatRecord({ type: MessageType.Ping })

export const closeRecord = (close: { error?: string; allowReconnect?: boolean } = {}): string =>
  formatRecord({ type: MessageType.Close, ...close })

// What .NET sends on timeouts and errors (HubConnectionHandler), so the client reconnects.
export const CLOSE_WITH_ERROR = closeRecord({
  error: 'Connection closed with an error.',
  allowReconnect: true,
})

// Exact error strings of DefaultHubDispatcher; the client surfaces them as `HubException`s.
export const unknownMethodError = (target: string): string => `Unknown hub method '${target}'`
export const streamingMismatchError = (target: string): string =>
  `The client attempted to invoke the non-streaming '${target}' method with a streaming invocation.`
export const unexpectedError = (target: string, detail?: string): string =>
  `An unexpected error occurred invoking '${target}' on the server.${detail ? ` HubException: ${detail}` : ''}`
