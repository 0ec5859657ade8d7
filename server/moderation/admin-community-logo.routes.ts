import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CommunityIconsSchema,
  LOGO_ERRORS,
  LOGO_FIELD,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
} from '@contract/community-logo'
import type { Viewer } from '../auth/viewer'
import type { CommunityIconsReader } from '../community/community-icons'
import type { CommunitySettingsReader } from '../community/community-settings'
import { readLogo, renderIcons } from '../community/community-logo-image'
import { saveCommunityLogo } from '../community/community-logo.service'
import { httpError } from '../errors/problem-error'
import { recordAudit } from './audit-log'

// The multipart envelope around the file: boundaries and part headers, never near this.
const ENVELOPE_BYTES = 16 * 1024

const tooLarge = () => httpError(413, LOGO_ERRORS.tooLarge, LOGO_MESSAGES.tooLarge)

/** The uploaded file, at most LOGO_MAX_BYTES of it ever held in memory. */
async function receiveLogo(request: FastifyRequest) {
  // A body announced as too large is refused before a byte of it is read.
  if (Number(request.headers['content-length'] ?? 0) > LOGO_MAX_BYTES + ENVELOPE_BYTES)
    throw tooLarge()
  const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0 } })
  if (!part || part.fieldname !== LOGO_FIELD)
    throw httpError(400, LOGO_ERRORS.missing, LOGO_MESSAGES.missing)
  try {
    // Past fileSize busboy stops keeping the bytes and toBuffer throws FST_REQ_FILE_TOO_LARGE.
    return { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    throw httpError(400, LOGO_ERRORS.notAnImage, LOGO_MESSAGES.notAnImage)
  }
}

/**
 * POST /api/v1/admin/community/logo (issue 38): an admin's new logo, multipart field `logo`.
 * The file is checked and drawn into every icon before anything is written; then the icons
 * replace the old ones and the audit log says who changed it, in one transaction. The uploaded
 * bytes themselves are never stored or served (an SVG is only ever rasterised).
 */
export function adminCommunityLogoRoutes(
  app: FastifyInstance,
  community: CommunitySettingsReader,
  icons: CommunityIconsReader,
) {
  void app.register(async (scope) => {
    // Multipart only here: every other route still answers 415 to a form upload.
    await scope.register(multipart, { limits: { parts: 2, headerPairs: 20 } })
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/admin/community/logo',
      {
        config: { requireRole: 'admin' },
        schema: {
          tags: ['admin'],
          consumes: ['multipart/form-data'],
          response: { 200: CommunityIconsSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer as Viewer
        const upload = await receiveLogo(request)
        const master = await readLogo(upload.bytes, upload)
        const rendered = await renderIcons(master, (await community.read()).theme_color)
        const at = app.deps.now()
        const saved = await app.deps.db.transaction(async (tx) => {
          const saved = await saveCommunityLogo(tx, rendered, at)
          await recordAudit(tx, {
            actor: viewer,
            action: 'community_update',
            details: {
              logo: {
                type: upload.mimetype,
                bytes: upload.bytes.length,
                icons: saved.icons.map((icon) => icon.src),
              },
            },
            at,
          })
          return saved
        })
        icons.forget()
        return saved
      },
    )
  })
}
