import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'

/**
 * The address per-IP limits and the sign-in check count by. An IPv6 client is usually given a
 * whole /64, so counting its single addresses would let it take a fresh one for every attempt:
 * its /64 counts as one (as @fastify/rate-limit's own default key does since v11); an IPv4-mapped
 * address counts as the IPv4 one.
 */
export function clientAddress(request: Pick<FastifyRequest, 'ip'>) {
  return normalizeIP(request.ip)
}
