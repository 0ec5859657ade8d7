-- Issue 43, docs/search.md. The search rows' GIN index holds the day a post was written instead
-- of its time: a page's window of 64 days was read as its 18,000 distinct times (12 of a
-- one-word search's 25 ms), now as 64 days.
DROP INDEX "intention_search_match_idx";--> statement-breakpoint
DROP INDEX "testimony_search_match_idx";--> statement-breakpoint
CREATE INDEX "intention_search_match_idx" ON "intention_search" USING gin ("document",(floor(extract(epoch from ("created_at" - 'epoch'::timestamptz)) / 86400)::int));--> statement-breakpoint
CREATE INDEX "testimony_search_match_idx" ON "testimony_search" USING gin ("document",(floor(extract(epoch from ("created_at" - 'epoch'::timestamptz)) / 86400)::int));