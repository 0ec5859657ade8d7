import type { FastifySchemaValidationError } from 'fastify'
import { authProblemFor } from '@contract/auth'
import { httpError } from '../errors/problem-error'

/**
 * Spec 000 §8: sign-up and reset answer a refused body with one `title` code (weak_password,
 * terms_required…) rather than the generic validation_error. Their routes keep the body schema
 * (so the OpenAPI document shows it) with `attachValidation`, and turn its failure into that code.
 */
export function authValidationError(error: { validation: FastifySchemaValidationError[] }) {
  const issues = error.validation.map((issue) => ({
    path: issue.instancePath.split('/').filter(Boolean),
    message: issue.message ?? '',
  }))
  const problem = authProblemFor({ issues })
  return httpError(400, problem.code, problem.message)
}
