// Every table of every capability, for drizzle-kit (migrations) and typed relational queries.
// A capability adds its `<capability>.table.ts` here, then runs `npm run db:generate`.
export * from '../idempotency/idempotency.table'
export * from '../users/users.table'
export * from '../auth/sessions.table'
export * from '../auth/tokens.table'
export * from '../auth/login-failures.table'
export * from '../auth/captcha.table'
export * from '../auth/social/identities.table'
export * from '../auth/social/sign-in-states.table'
export * from '../auth/social/pending-links.table'
