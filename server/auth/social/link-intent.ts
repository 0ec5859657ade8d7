import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ErrorCode } from '@contract/errors'
import { LinkedSignInErrorCode, LinkedSignInMessage } from '@contract/social-sign-in'
import { httpError } from '../../errors/problem-error'
import { signedInRecently } from '../reauthentication'
import type { Viewer } from '../viewer'

/**
 * Issue 39: linking a provider, like every change to how the account signs in, needs a sign-in
 * within the last few minutes: a borrowed or stolen session must not add its own way in.
 */
export async function assertRecentSignIn(app: FastifyInstance, viewer: Viewer) {
  if (!(await signedInRecently(app.deps.db, viewer.sessionId, app.deps.now())))
    throw httpError(
      403,
      LinkedSignInErrorCode.recentSignInRequired,
      LinkedSignInMessage.recentSignInRequired,
    )
}

/** The start of a link: only a member signed in recently may start one, for their own account. */
export async function linkingMember(app: FastifyInstance, request: FastifyRequest) {
  const viewer = request.viewer
  if (!viewer) throw httpError(401, ErrorCode.unauthenticated, 'Please sign in to continue.')
  await assertRecentSignIn(app, viewer)
  return viewer.userId
}

/**
 * Its callback: the browser must still be signed in to the account that started it (not signed
 * out, nor into another account meanwhile), and that sign-in still recent.
 */
export async function linkingMemberAtCallback(
  app: FastifyInstance,
  request: FastifyRequest,
  linkUserId: string,
) {
  const viewer = request.viewer
  if (viewer?.userId !== linkUserId)
    throw httpError(
      403,
      LinkedSignInErrorCode.linkAccountChanged,
      LinkedSignInMessage.linkAccountChanged,
    )
  await assertRecentSignIn(app, viewer)
}
