-- Issue 43, docs/search.md. The search indexes without GIN's pending list (fastupdate): new rows
-- wait there, unsorted, until 4 MB of them are merged, and every search reads all of it. In the
-- benchmark 1,490 pending testimonies took 3.3 of a search's 7 ms; merged, 0.5. Rebuilt, so
-- nothing is left pending; each write then adds its words to the index itself.
DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
DROP INDEX "intention_search_match_idx";--> statement-breakpoint
DROP INDEX "testimony_search_match_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "intention_search_match_idx" ON "intention_search" USING gin ("document",(floor(extract(epoch from ("created_at" - 'epoch'::timestamptz)) / 86400)::int)) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "testimony_search_match_idx" ON "testimony_search" USING gin ("document",(floor(extract(epoch from ("created_at" - 'epoch'::timestamptz)) / 86400)::int)) WITH (fastupdate=false);