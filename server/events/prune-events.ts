import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

/**
 * Deletes events older than the retention whose every delivery is done (their deliveries go
 * with them). A parked delivery keeps its event until an operator retries it or it is dealt
 * with: the evidence stays. Returns how many events went.
 */
export async function pruneEvents(db: Database, retentionMs: number): Promise<number> {
  const result = (await db.execute(sql`
    delete from domain_events e
    where e.fanned_out and e.recorded_at < now() - ${retentionMs} * interval '1 millisecond'
      and not exists (
        select 1 from event_deliveries d where d.event_id = e.id and d.done_at is null)
    returning e.id`)) as unknown as { rows: unknown[] }
  return result.rows.length
}
