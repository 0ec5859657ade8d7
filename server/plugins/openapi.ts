import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** DESIGN §4: the OpenAPI document is generated from the routes' zod schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Prayer Community API', version: '1' } },
    transform: jsonSchemaTransform,
  })
}

export function openApiRoute(app: FastifyInstance) {
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, () => app.swagger())
}
