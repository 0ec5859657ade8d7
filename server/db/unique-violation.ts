// PostgreSQL's unique_violation; Drizzle wraps the driver's error (pg and PGlite alike) as `cause`.
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { cause?: { code?: unknown }; code?: unknown } | null)?.cause?.code ??
    (error as { code?: unknown } | null)?.code
  return code === '23505'
}
