import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CommunityIconsSchema } from '@contract/community-logo'
import { ErrorCode } from '@contract/errors'
import { httpError } from '../errors/problem-error'
import type { CommunityIconsReader } from './community-icons'
import { LOGO_ICON_NAMES } from './community-logo-icons'
import { loadIconPng } from './community-logo.service'

const IconParamsSchema = z.object({
  hash: z.string().regex(/^[\w-]{22}$/),
  file: z.enum(LOGO_ICON_NAMES.map((name) => `${name}.png`) as [string, ...string[]]),
})

/** The community's icons (issue 38), for anyone: what the app shows, and each icon's PNG. */
export function communityLogoRoutes(app: FastifyInstance, icons: CommunityIconsReader) {
  const routes = app.withTypeProvider<ZodTypeProvider>()

  // The admin's logo field previews the current icon from here.
  routes.get(
    '/api/v1/community/icons',
    {
      config: { public: true },
      schema: { tags: ['community'], response: { 200: CommunityIconsSchema } },
    },
    () => icons.read(),
  )

  // An icon's URL changes with its bytes, so it is cached for a year without asking again;
  // the manifest, not this URL, changes when the logo does.
  routes.get(
    '/community/icons/:hash/:file',
    { config: { public: true }, schema: { hide: true, params: IconParamsSchema } },
    async (request, reply) => {
      const { hash, file } = request.params
      const png = await loadIconPng(app.deps.db, file.replace(/\.png$/, ''), hash)
      if (!png) throw httpError(404, ErrorCode.notFound, 'There is no such icon.')
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(png)
    },
  )
}
