// The operations of the OpenAPI document, as the fuzz suite needs them. Read from the served
// document, never listed by hand, so a new route is fuzzed the day it is added.

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  format?: string
  nullable?: boolean
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  default?: unknown
}

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: JsonSchema
}

export interface Operation {
  method: string
  /** The OpenAPI path, `/api/v1/intentions/{id}`. */
  path: string
  pathParams: Parameter[]
  queryParams: Parameter[]
  body: JsonSchema | null
  /** Answers only with a session (the document's `security`). */
  needsSession: boolean
  name: string
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[]
        requestBody?: { content?: Record<string, { schema: JsonSchema }> }
        security?: unknown[]
      }
    >
  >
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? []
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        needsSession: (operation.security ?? []).length > 0,
        name: `${method.toUpperCase()} ${path}`,
      }
    }),
  )
}
