/**
 * Whether PostgreSQL can prepare `text` and keep its plan: a SELECT, INSERT, UPDATE, DELETE or
 * WITH. BEGIN, SAVEPOINT, LISTEN and the like have no plan to keep, and PREPARE refuses them (a
 * refusal inside a transaction would abort it). Both drivers' plan keeping ask this (ADR 0020).
 */
export function isPlannable(text: string): boolean {
  return /^\s*(select|insert|update|delete|with)\s/i.test(text)
}
