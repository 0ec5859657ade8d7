import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

// Operations that need a session say so (`security`), public ones do not: clients, and the fuzz
// suite that checks no protected operation answers 2xx without one, read it from here.
const SESSION = 'session'

/** DESIGN §4: the OpenAPI document is generated from the routes' zod schemas. */
/** `sessionCookie`: the session cookie's name (auth's, handed in: plugins sit below auth). */
export async function registerOpenApi(app: FastifyInstance, sessionCookie: string) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Prayer Community API', version: '1' },
      components: {
        securitySchemes: {
          [SESSION]: { type: 'apiKey', in: 'cookie', name: sessionCookie },
        },
      },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input)
      if (input.route.config?.public === true) return result
      return { ...result, schema: { ...result.schema, security: [{ [SESSION]: [] }] } }
    },
  })
}

export function openApiRoute(app: FastifyInstance) {
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, () => app.swagger())
}
