// Every table of every capability, for drizzle-kit (migrations) and typed relational queries.
// A capability adds its `<capability>.table.ts` here, then runs `npm run db:generate`.
export * from '../idempotency/idempotency.table'
