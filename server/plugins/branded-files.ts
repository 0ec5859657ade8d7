import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Community } from '@contract/community'
import type { CommunityIcons } from '@contract/community-logo'

interface Variants {
  /** Of the rewritten file: a new build or new settings, a new tag. */
  tag: string
  identity: Buffer
  br: Buffer
  gzip: Buffer
}

/** What the branded files carry: the public settings and the logo's icons (issue 38). */
export type BrandedCommunity = Community & { icons: CommunityIcons }

/** A digest of what the community's pages show: it names a version of every branded file. */
export function communityDigest(community: BrandedCommunity): string {
  return createHash('sha256').update(JSON.stringify(community)).digest('hex').slice(0, 12)
}

/**
 * A built file served rewritten for the community (issue 38): rewritten and compressed once per
 * settings version, not per request, since the pages are large (the landing is 77 kB) and the
 * settings change rarely. scripts/precompress.mjs's .br and .gz of the file are stale for it.
 */
export function brandedFile(
  clientDir: string,
  file: string,
  contentType: string,
  rewrite: (text: string, community: BrandedCommunity, digest: string) => string,
) {
  const built = readFileSync(join(clientDir, file), 'utf8')
  let kept: { digest: string; variants: Variants } | undefined

  function variants(community: BrandedCommunity): Variants {
    const digest = communityDigest(community)
    if (kept?.digest !== digest) {
      const identity = Buffer.from(rewrite(built, community, digest))
      const br = brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
      })
      const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27)
      kept = { digest, variants: { tag, identity, br, gzip: gzipSync(identity, { level: 9 }) } }
    }
    return kept.variants
  }

  return (request: FastifyRequest, reply: FastifyReply, community: BrandedCommunity) => {
    const body = variants(community)
    const accepted = request.headers['accept-encoding'] ?? ''
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null
    reply
      .header('content-type', contentType)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
    // One tag per encoding: each is a representation of its own (RFC 9110 §8.8.3).
    const etag = `"${body.tag}-${encoding ?? 'identity'}"`
    reply.header('etag', etag)
    // The shell is revalidated on every visit (no-cache): an unchanged one costs no body.
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    if (encoding) reply.header('content-encoding', encoding)
    return reply.send(encoding ? body[encoding] : body.identity)
  }
}
