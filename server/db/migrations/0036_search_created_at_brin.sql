-- Issue 43, docs/search.md. A page's window of dates narrows the full-text index's matches as a
-- bitmap and; as a btree, the planner would walk the dates instead, checking every row of the
-- window for a word that matches none (30 ms where the full-text index answers in 0.1). BRIN
-- offers no such walk. The trigram indexes on whole texts are gone: misspellings are looked up
-- in search_words.
DROP INDEX "intention_search_folded_idx";--> statement-breakpoint
DROP INDEX "testimony_search_folded_idx";--> statement-breakpoint
DROP INDEX "intention_search_created_at_idx";--> statement-breakpoint
DROP INDEX "testimony_search_created_at_idx";--> statement-breakpoint
CREATE INDEX "intention_search_created_at_idx" ON "intention_search" USING brin ("created_at") WITH (pages_per_range=16,autosummarize=true);--> statement-breakpoint
CREATE INDEX "testimony_search_created_at_idx" ON "testimony_search" USING brin ("created_at") WITH (pages_per_range=16,autosummarize=true);