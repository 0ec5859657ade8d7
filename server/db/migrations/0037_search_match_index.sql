-- Issue 43, docs/search.md. BRIN (0036) marks whole pages, and a bitmap and of pages with the
-- full-text index's rows keeps the pages: every row of them was checked again (8,600 more than
-- matched, in the benchmark). btree_gin puts the dates into the full-text index itself, so one
-- index scan answers "these words, since then" row by row, and a GIN index offers no walk along
-- the dates either. btree_gin is a trusted extension, like pg_trgm and unaccent.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "intention_search_created_at_idx";--> statement-breakpoint
DROP INDEX "intention_search_document_idx";--> statement-breakpoint
DROP INDEX "testimony_search_created_at_idx";--> statement-breakpoint
DROP INDEX "testimony_search_document_idx";--> statement-breakpoint
CREATE INDEX "intention_search_match_idx" ON "intention_search" USING gin ("document","created_at");--> statement-breakpoint
CREATE INDEX "testimony_search_match_idx" ON "testimony_search" USING gin ("document","created_at");