import fc from 'fast-check'
import type { JsonSchema, Operation, Parameter } from './openapi-operations'

// Requests for one operation of the OpenAPI document: mostly plausible values read from its
// schemas (so they get past validation to the services and the database), each field at times
// replaced by what an attacker or a broken client sends instead.

/** Put only in fields no schema knows: it must never be found in the database. */
export const UNKNOWN_FIELD_MARKER = 'fuzz-unknown-field-7f3a'

export interface FuzzRequest {
  method: string
  url: string
  contentType?: string
  payload?: string
}

const PROSE = 'Please pray for my family and our friends this week; we trust in your kindness. '

// Characters that broke storage before (NUL into text, lone surrogates into jsonb), so they come
// often; ones that must survive (emoji, right-to-left text, marks); and what SQL LIKE and
// escaping care about.
const BREAKING = ['\u0000', '\ud83d', '\ude4f', '\ud83d\ud83d']
const TRICKY = [
  '\u0007',
  '\u001b[2J',
  '\u007f',
  '\u0085',
  'e\u0301',
  '🙏',
  '👨‍👩‍👧',
  'שלום',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\r\n',
  '\t',
  "'",
  '"',
  '\\',
  '%',
  '_',
]
const insertion = fc.oneof(fc.constantFrom(...BREAKING), fc.constantFrom(...TRICKY))

const HUGE = 'x'.repeat(100_000)
const deepArray = (depth: number) =>
  JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown

function textOf(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const longest = Math.max(minLength, Math.min(maxLength, minLength + 40))
  return fc
    .tuple(
      fc.integer({ min: minLength, max: longest }),
      fc.option(insertion, { freq: 2 }),
      fc.nat(),
    )
    .map(([length, insert, at]) => {
      const base = PROSE.repeat(Math.ceil((length + 1) / PROSE.length)).slice(0, length)
      if (insert === null) return base
      const position = at % (base.length + 1)
      return base.slice(0, position) + insert + base.slice(position)
    })
}

/** A value of the shape `schema` describes; `ids` are the seeded ids for uuid fields. */
export function valueFor(schema: JsonSchema, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return fc.oneof(...branches.map((branch) => valueFor(branch, ids, depth)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  const value = plainValueFor(type, schema, ids, depth)
  return schema.nullable ? fc.option(value, { nil: null }) : value
}

function plainValueFor(
  type: string | undefined,
  schema: JsonSchema,
  ids: string[],
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid())
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
      if (schema.format === 'email') return fc.constantFrom('ann@example.test', 'b\u0000@x.io')
      if (schema.format === 'uri')
        return fc.constantFrom('https://push.example.test/send/1', 'javascript:1')
      return textOf(schema.minLength ?? 0, schema.maxLength ?? 200)
    case 'integer':
    case 'number':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1e9) })
    case 'boolean':
      return fc.boolean()
    case 'array':
      if (depth > 2) return fc.constant([])
      return fc.array(valueFor(schema.items ?? {}, ids, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 5, 6),
      })
    case 'object':
      return objectFor(schema, ids, depth)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

// What arrives instead of a good value: missing, null, the wrong type, empty, huge, nested deep.
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(undefined, null, '', 0, -1, 1.5, 1e308, true, [], {}, HUGE, [HUGE]),
  fc.constant(deepArray(1000)),
  insertion,
  fc.jsonValue({ maxDepth: 3 }),
)

// A plausible object, then at most one thing wrong with it: a field replaced by a bad value or
// dropped, and at times fields no schema knows. One fault at a time reaches further in than many.
function objectFor(schema: JsonSchema, ids: string[], depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {})
  const required = new Set(schema.required ?? [])
  const fields = properties.map(([name, property]) => {
    const value = valueFor(property, ids, depth + 1)
    const options: fc.Arbitrary<unknown>[] = [value]
    if (property.default !== undefined) options.push(fc.constant(property.default))
    if (!required.has(name)) options.push(fc.constant(undefined))
    return fc.oneof(...options)
  })
  const fault = fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    {
      weight: 2,
      arbitrary: fc.record({ at: fc.nat(), value: badValue }, { requiredKeys: ['at'] }),
    },
  )
  // A __proto__ key is refused outright (prototype poisoning), so it comes alone and rarely.
  const unknown = fc.oneof(
    { weight: 8, arbitrary: fc.constant([]) },
    { weight: 2, arbitrary: fc.subarray(['is_admin', 'author_id', 'constructor', 'fuzz_extra']) },
    { weight: 1, arbitrary: fc.constant(['__proto__']) },
  )
  return fc.tuple(fc.tuple(...fields), fault, unknown).map(([values, fault, extra]) => {
    const entries = properties.map(([name], index) => [name, values[index]] as [string, unknown])
    if (fault && entries.length > 0) entries[fault.at % entries.length]![1] = fault.value
    return Object.fromEntries([
      ...entries.filter(([, value]) => value !== undefined),
      ...extra.map((name) => [name, UNKNOWN_FIELD_MARKER] as const),
    ])
  })
}

// Bodies no schema shape describes: broken or truncated JSON, nesting deeper than any parser
// likes, the wrong media type.
const brokenBody = fc.constantFrom<Pick<FuzzRequest, 'contentType' | 'payload'>>(
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"title": "unterminated' },
  { contentType: 'application/json', payload: 'nul' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { contentType: 'application/json', payload: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}` },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'title=hi&details=there' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\nhi\r\n--x--' },
  { contentType: 'application/xml', payload: '<a/>' },
  {},
)

function bodyFor(operation: Operation, ids: string[]) {
  const shaped = valueFor(operation.body ?? { type: 'object' }, ids).map((value) => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? '',
  }))
  const anyJson = fc
    .jsonValue({ maxDepth: 4 })
    .map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) }))
  return fc.oneof(
    { weight: 12, arbitrary: shaped },
    { weight: 1, arbitrary: anyJson },
    { weight: 2, arbitrary: brokenBody },
  )
}

function encode(value: string) {
  try {
    return encodeURIComponent(value)
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a broken client would (CESU-8).
    return '%ED%A0%BD'
  }
}

const stringOf = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '')

// Escapes and lengths a router or a decoder may choke on, sent raw.
const ODD_RAW = [
  '%FF',
  '%',
  '%00',
  '%2e%2e',
  '..',
  '%2F',
  '%20',
  'null',
  '-1',
  '1e309',
  'a'.repeat(5000),
]

function pathValue(parameter: Parameter, ids: string[]) {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: valueFor(parameter.schema, ids).map((value) => encode(stringOf(value))),
    },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_RAW, encode('🙏'), encode('\u0000')) },
  )
}

// Plausible parameters (optional ones at times left out), then at most one odd one: a raw
// escape or a huge value, a repeated or valueless key, or a parameter no schema knows.
function queryFor(parameters: Parameter[], ids: string[]) {
  const parts = parameters.map((parameter) => {
    const value = valueFor(parameter.schema, ids).map(
      (v) => `${encode(parameter.name)}=${encode(stringOf(v))}`,
    )
    return parameter.required ? value : fc.option(value, { nil: null, freq: 2 })
  })
  const names = parameters.map((parameter) => encode(parameter.name))
  const odd = fc.oneof(
    fc.constantFrom(...ODD_RAW).map((raw) => (name: string) => `${name}=${raw}`),
    fc.constant((name: string) => `${name}=1&${name}=2`),
    fc.constant((name: string) => name),
  )
  const fault = fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.tuple(fc.nat(), odd) },
    { weight: 1, arbitrary: fc.constant(`fuzz_extra=${UNKNOWN_FIELD_MARKER}`) },
  )
  return fc.tuple(fc.tuple(...parts), fault).map(([values, fault]) => {
    const query = [...values]
    if (typeof fault === 'string') query.push(fault)
    else if (fault && names.length > 0)
      query[fault[0] % names.length] = fault[1](names[fault[0] % names.length]!)
    return query.filter((part) => part !== null).join('&')
  })
}

export function requestFor(operation: Operation, ids: string[]): fc.Arbitrary<FuzzRequest> {
  const path = fc.tuple(...operation.pathParams.map((parameter) => pathValue(parameter, ids)))
  const query = queryFor(operation.queryParams, ids)
  const hasBody = operation.method !== 'GET'
  const body = hasBody ? bodyFor(operation, ids) : fc.constant({})
  return fc.tuple(path, query, body).map(([values, search, content]) => {
    let url = operation.path
    operation.pathParams.forEach((parameter, index) => {
      url = url.replace(`{${parameter.name}}`, values[index]!)
    })
    return { method: operation.method, url: search ? `${url}?${search}` : url, ...content }
  })
}
